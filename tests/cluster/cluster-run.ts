import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");

/**
 * `scripts/cluster.sh` in `dir` with nginx on `port` and no object store (CLUSTER_S3=off:
 * s3rver is not installed here): `cluster(dir, port)` starts it, `cluster(dir, port, "clean")`
 * stops it and deletes its data. Shared by tests/cluster and the failover benchmark.
 */
export function cluster(dir: string, port: number, ...args: string[]) {
  execFileSync("bash", [join(ROOT, "scripts/cluster.sh"), ...args], {
    cwd: ROOT,
    env: { ...process.env, CLUSTER_DIR: dir, CLUSTER_PORT: String(port), CLUSTER_S3: "off" },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** The cluster's super admin signed in through `base`: the access token. */
export async function signInAdmin(base: string, dir: string): Promise<string> {
  const password = readFileSync(join(dir, "admin-password"), "utf8").trim();
  const res = await fetch(`${base}/auth-jwt/connect/google/check`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@blocklot.local", password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}
