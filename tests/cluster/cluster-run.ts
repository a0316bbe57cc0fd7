import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");

/**
 * Whether the cluster runs with its S3-compatible object store (s3rver, the deployment the
 * cluster stands for): on unless CLUSTER_S3=off, as for `npm run cluster`.
 */
export const withObjectStore = process.env.CLUSTER_S3 !== "off";

/** nginx's port: CLUSTER_PORT as for `npm run cluster`, else a random one (the others follow it). */
export const clusterPort = () =>
  Number(process.env.CLUSTER_PORT) || 20_000 + Math.floor(Math.random() * 20_000);

/** How far the other ports are from nginx's: CLUSTER_PORT_OFFSET as for `npm run cluster` (default 1000). */
export const clusterPortOffset = Number(process.env.CLUSTER_PORT_OFFSET) || 1000;

/**
 * `scripts/cluster.sh` in `dir` with nginx on `port`: `cluster(dir, port)` starts it,
 * `cluster(dir, port, "clean")` stops it and deletes its data. Shared by tests/cluster and the
 * failover benchmark.
 */
export function cluster(dir: string, port: number, ...args: string[]) {
  execFileSync("bash", [join(ROOT, "scripts/cluster.sh"), ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      CLUSTER_DIR: dir,
      CLUSTER_PORT: String(port),
      CLUSTER_S3: withObjectStore ? "on" : "off",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** The cluster's super admin's password (made by scripts/cluster.sh). */
export const adminPassword = (dir: string) => readFileSync(join(dir, "admin-password"), "utf8").trim();

/** The cluster's super admin signed in through `base`: the access token. */
export async function signInAdmin(base: string, dir: string): Promise<string> {
  const res = await fetch(`${base}/auth-jwt/connect/google/check`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@blocklot.local", password: adminPassword(dir) }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** Every file under `dir` (recursively), as paths relative to it; none when it does not exist. */
export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
  } catch {
    return [];
  }
}
