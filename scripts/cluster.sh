#!/usr/bin/env bash
# `npm run cluster`: the scaled-out deployment on this machine (docs/operations.md "A cluster
# on one machine", docs/scaling.md): PostgreSQL, an S3-compatible object store (s3rver, a
# separate server process speaking S3 over HTTP), two API replicas and two extraction workers
# from the built product, and nginx in front as the load balancer.
#
#   npm run cluster            start (builds first when dist/ is missing)
#   npm run cluster -- stop    stop every process it started; the data stays
#   npm run cluster -- status  which of them run
#   npm run cluster -- clean   stop, then delete the data
#
# Settings: CLUSTER_DIR (default /tmp/blocklot-cluster), CLUSTER_PORT (nginx, default 8080),
# CLUSTER_PORT_OFFSET (the other ports: CLUSTER_PORT + offset + 1…33, default 1000),
# CLUSTER_S3=off (no object store: every process shares one files directory on this disk; only
# for a machine without s3rver installed, it is not the deployment the cluster stands for).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
dir=${CLUSTER_DIR:-/tmp/blocklot-cluster}
port=${CLUSTER_PORT:-8080}
# The other ports follow nginx's at CLUSTER_PORT_OFFSET (default 1000; a session given a narrow
# port range sets a smaller one, e.g. 100, so every port stays inside it).
offset=${CLUSTER_PORT_OFFSET:-1000}
pg_port=$((port + offset + 32))   # 9112 by default
s3_port=$((port + offset + 33))   # 9113
api_ports=($((port + offset + 1)) $((port + offset + 2)))
bucket=blocklot
run="$dir/run"
logs="$dir/logs"

as_pg=()
if [ "$(id -u)" -eq 0 ]; then as_pg=(runuser -u postgres --); fi

pg_bindir() {
  local b
  b=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -z "$b" ]; then
    echo "PostgreSQL server binaries not found: apt-get install postgresql (Debian package)" >&2
    exit 1
  fi
  echo "$b"
}

alive() { [ -f "$run/$1.pid" ] && kill -0 "$(cat "$run/$1.pid")" 2>/dev/null; }

# Starts a process in its own session (a Ctrl-C at the terminal does not reach it), logging to logs/NAME.log.
launch() {
  local name=$1
  shift
  setsid "$@" >>"$logs/$name.log" 2>&1 </dev/null &
  echo $! >"$run/$name.pid"
}

# Waits until URL answers 200 (or, with a third argument "any", any HTTP status).
wait_http() {
  local url=$1 name=$2 code
  for _ in $(seq 1 120); do
    code=$(curl -s --max-time 2 -o /dev/null -w '%{http_code}' "$url" 2>/dev/null || true)
    if [ "$code" = 200 ] || { [ "${3:-}" = any ] && [ "$code" != 000 ] && [ -n "$code" ]; }; then return 0; fi
    if ! alive "$name"; then
      echo "$name stopped while starting; its log, $logs/$name.log, ends:" >&2
      tail -n 20 "$logs/$name.log" >&2
      exit 1
    fi
    sleep 0.5
  done
  echo "$name did not answer $url within 60 s (log: $logs/$name.log)" >&2
  exit 1
}

stop_pid() {
  local name=$1
  alive "$name" || { rm -f "$run/$name.pid"; return 0; }
  local pid
  pid=$(cat "$run/$name.pid")
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 1 40); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.25
  done
  if kill -0 "$pid" 2>/dev/null; then
    echo "$name did not stop within 10 s: SIGKILL" >&2
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -f "$run/$name.pid"
}

stop_all() {
  [ -d "$run" ] || { echo "No cluster in $dir"; return 0; }
  if alive nginx; then
    nginx -c "$dir/nginx/nginx.conf" -p "$dir/nginx" -s quit 2>/dev/null || true
  fi
  stop_pid nginx
  for name in worker-1 worker-2 api-1 api-2 s3; do stop_pid "$name"; done
  if [ -f "$dir/pg/data/postmaster.pid" ]; then
    "${as_pg[@]}" "$(pg_bindir)/pg_ctl" -D "$dir/pg/data" -m fast -w stop >/dev/null 2>&1 || true
  fi
  echo "Cluster stopped (data kept in $dir; \`npm run cluster -- clean\` deletes it)"
}

status() {
  for name in postgres s3 api-1 api-2 worker-1 worker-2 nginx; do
    if [ "$name" = postgres ]; then
      if [ -f "$dir/pg/data/postmaster.pid" ] && kill -0 "$(head -n 1 "$dir/pg/data/postmaster.pid")" 2>/dev/null; then
        echo "postgres  running (127.0.0.1:$pg_port)"
      else echo "postgres  stopped"; fi
    elif alive "$name"; then echo "$name  running (pid $(cat "$run/$name.pid"))"
    else echo "$name  stopped"; fi
  done
}

# Each process's DATA_DIR (temporary staging of uploads); one shared directory without S3.
data_dir() {
  if [ "${CLUSTER_S3:-on}" = off ]; then echo "$dir/shared"; else echo "$dir/$1"; fi
}

s3rver_bin() {
  local bin="$root/node_modules/.bin/s3rver"
  if [ ! -x "$bin" ]; then
    echo "The S3-compatible store is the npm package s3rver, not installed: npm install --save-dev s3rver@3.7.1" >&2
    echo "(or CLUSTER_S3=off npm run cluster, without an object store)" >&2
    exit 1
  fi
  echo "$bin"
}

started=0
start() {
  command -v nginx >/dev/null || { echo "nginx not found: apt-get install nginx (Debian package)" >&2; exit 1; }
  command -v curl >/dev/null || { echo "curl not found: apt-get install curl" >&2; exit 1; }
  local s3bin="" bindir s3_env
  [ "${CLUSTER_S3:-on}" = off ] || s3bin=$(s3rver_bin)
  bindir=$(pg_bindir)
  for name in api-1 api-2 worker-1 worker-2 s3 nginx; do
    if alive "$name"; then echo "The cluster already runs ($name); \`npm run cluster -- stop\` first" >&2; exit 1; fi
  done
  if [ ! -f "$root/dist/server/main.js" ] || [ ! -f "$root/dist/app/index.html" ]; then
    (cd "$root" && npm run build)
  fi
  mkdir -p "$run" "$logs" "$dir/s3" "$dir/pg" "$dir/nginx/tmp" "$dir/nginx/logs"
  # A start that fails half-way stops what it started: nothing is left running.
  trap 'if [ "$started" != 1 ]; then echo "Start failed; stopping what was started" >&2; stop_all; fi' EXIT
  trap 'exit 130' INT TERM
  chmod 755 "$dir"
  chmod 1777 "$dir/nginx/tmp"

  # 1. PostgreSQL
  if [ ! -f "$dir/pg/data/PG_VERSION" ]; then
    [ "${#as_pg[@]}" -gt 0 ] && chown postgres "$dir/pg"
    "${as_pg[@]}" "$bindir/initdb" -D "$dir/pg/data" -U postgres --auth=trust -E UTF8 --no-locale >/dev/null
  fi
  if ! "${as_pg[@]}" "$bindir/pg_ctl" -D "$dir/pg/data" status >/dev/null 2>&1; then
    "${as_pg[@]}" "$bindir/pg_ctl" -D "$dir/pg/data" -l "$dir/pg/log" -w \
      -o "-p $pg_port -k $dir/pg -c listen_addresses=127.0.0.1 -c max_connections=100" start >/dev/null
  fi
  local database_url="postgres://postgres@127.0.0.1:$pg_port/postgres"

  # 2. The S3-compatible object store: its own process, S3 over HTTP, files under s3/
  if [ -n "$s3bin" ]; then
    launch s3 "$s3bin" --directory "$dir/s3" --address 127.0.0.1 --port "$s3_port" \
      --configure-bucket "$bucket" --silent
    wait_http "http://127.0.0.1:$s3_port/" s3 any
    # s3rver's fixed credentials; path-style addressing and checksums as the server's S3 client sends them (storage/s3.ts)
    s3_env=(S3_ENDPOINT="http://127.0.0.1:$s3_port" S3_BUCKET="$bucket" S3_REGION=us-east-1
      S3_ACCESS_KEY_ID=S3RVER S3_SECRET_ACCESS_KEY=S3RVER)
  else
    echo "CLUSTER_S3=off: files on this disk ($dir/shared/files), no object store" >&2
    mkdir -p "$dir/shared"
    s3_env=()
  fi

  # Shared secrets, made once and kept with the data
  [ -f "$dir/jwt-secret" ] || (umask 077 && openssl rand -hex 32 >"$dir/jwt-secret")
  [ -f "$dir/admin-password" ] || (umask 077 && openssl rand -base64 18 >"$dir/admin-password")
  # One VAPID key pair for every process (Web Push is signed by whichever claims the job; scaling.md)
  if [ ! -f "$dir/vapid-keys" ]; then
    (umask 077 && cd "$root" && node -e 'const k = require("web-push").generateVAPIDKeys(); process.stdout.write(`${k.publicKey} ${k.privateKey}\n`)' >"$dir/vapid-keys")
  fi
  local vapid_public vapid_private
  read -r vapid_public vapid_private <"$dir/vapid-keys"
  local common=(
    env DATABASE_URL="$database_url"
    JWT_SECRET="$(cat "$dir/jwt-secret")"
    VAPID_PUBLIC_KEY="$vapid_public" VAPID_PRIVATE_KEY="$vapid_private"
    "${s3_env[@]}"
    JOBS_IN_PROCESS=false EXTRACTION_WORKERS=1
    PUBLIC_URL="http://localhost:$port" TRUST_PROXY=true COOKIE_SECURE=false
    ADMIN_EMAIL=admin@blocklot.local ADMIN_PASSWORD="$(cat "$dir/admin-password")"
    STATIC_DIR="$root/dist/app"
  )

  # 3. Two API replicas (the first applies the migrations; the second waits on their lock)
  for i in 1 2; do
    mkdir -p "$dir/api-$i"
    launch "api-$i" "${common[@]}" HOST=127.0.0.1 PORT="${api_ports[$((i - 1))]}" DATA_DIR="$(data_dir "api-$i")" \
      node "$root/dist/server/main.js"
  done
  for i in 1 2; do wait_http "http://127.0.0.1:${api_ports[$((i - 1))]}/api/health" "api-$i"; done

  # 4. Two extraction workers
  for i in 1 2; do
    mkdir -p "$dir/worker-$i"
    launch "worker-$i" "${common[@]}" DATA_DIR="$(data_dir "worker-$i")" node "$root/dist/server/worker.js"
  done

  # 5. nginx in front
  write_nginx_conf
  nginx -t -q -c "$dir/nginx/nginx.conf" -p "$dir/nginx"
  launch nginx nginx -c "$dir/nginx/nginx.conf" -p "$dir/nginx" -g "daemon off;"
  wait_http "http://127.0.0.1:$port/api/health" nginx
  sleep 1
  for i in 1 2; do alive "worker-$i" || { echo "worker-$i stopped: $logs/worker-$i.log" >&2; exit 1; }; done

  started=1
  local s3_line="S3 (s3rver) http://127.0.0.1:$s3_port  bucket $bucket"
  [ -n "$s3bin" ] || s3_line="Files       $dir/shared/files (CLUSTER_S3=off: no object store)"
  cat <<EOF
Blocklot cluster on http://localhost:$port  (nginx → 2 API replicas, 2 extraction workers)
  PostgreSQL  $database_url
  $s3_line
  API         127.0.0.1:${api_ports[0]}, 127.0.0.1:${api_ports[1]}
  Super admin admin@blocklot.local, password in $dir/admin-password
  Logs        $logs/
Stop with: npm run cluster -- stop
EOF
}

write_nginx_conf() {
  local user_line=""
  [ "$(id -u)" -eq 0 ] && user_line="user nobody nogroup;"
  cat >"$dir/nginx/nginx.conf" <<EOF
# Written by scripts/cluster.sh; rewritten at every start.
$user_line
# One worker per core (nginx counts them).
worker_processes auto;
pid $dir/nginx/nginx.pid;
error_log $dir/nginx/logs/error.log warn;
events { worker_connections 4096; }
http {
  # Every request is logged; written in 64 KB blocks (at least once a second), not one write each.
  access_log $dir/nginx/logs/access.log combined buffer=64k flush=1s;
  client_body_temp_path $dir/nginx/tmp/body;
  proxy_temp_path $dir/nginx/tmp/proxy;
  fastcgi_temp_path $dir/nginx/tmp/fastcgi;
  uwsgi_temp_path $dir/nginx/tmp/uwsgi;
  scgi_temp_path $dir/nginx/tmp/scgi;
  # Statement files up to MAX_UPLOAD_MB (50) and then some; the API refuses larger ones itself.
  client_max_body_size 60m;

  upstream blocklot_api {
    # Passive health checks: a replica that fails a connection or answers 502/503/504 is left
    # out for 5 s (open-source nginx has no active checks; scripts/cluster.sh polls
    # /api/health of each replica before nginx starts).
    server 127.0.0.1:${api_ports[0]} max_fails=1 fail_timeout=5s;
    server 127.0.0.1:${api_ports[1]} max_fails=1 fail_timeout=5s;
    # Idle connections to the replicas kept open per nginx worker: at least as many as requests in
    # flight, or connections beyond it are closed and opened again for every request. A replica's
    # keep-alive timeout (72 s, Fastify's) outlasts nginx's (60 s), so nginx closes them first.
    keepalive 128;
    keepalive_requests 10000;
  }

  server {
    listen 127.0.0.1:$port;
    # A browser's or a client's keep-alive connection serves up to 10,000 requests before nginx
    # closes it (nginx's default, 1,000, closes a busy client's connection every few seconds;
    # a request sent on it as it closes fails and must be retried).
    keepalive_requests 10000;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host \$host;
    proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto \$scheme;
    # A replica that is down: the request goes to the other. Only for requests that cannot
    # have been applied (nginx retries GET/HEAD; a POST only when the connection failed).
    proxy_next_upstream error timeout http_502 http_503 http_504;
    proxy_next_upstream_tries 2;
    proxy_connect_timeout 2s;

    location = /api/health {
      proxy_pass http://blocklot_api;
    }
    # Server-sent events: unbuffered, long-lived.
    location /api/events {
      proxy_pass http://blocklot_api;
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
    }
    location / {
      proxy_pass http://blocklot_api;
      # Uploads stream to the replica as they arrive.
      proxy_request_buffering off;
    }
  }
}
EOF
}

case "${1:-start}" in
  start) start ;;
  stop) stop_all ;;
  status) status ;;
  clean)
    stop_all
    rm -rf "$dir"
    echo "Deleted $dir"
    ;;
  *)
    echo "usage: npm run cluster [-- start|stop|status|clean]" >&2
    exit 2
    ;;
esac
