import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../scripts/free-port";

/**
 * A PostgreSQL server of a test's own (the Debian binaries scripts/with-postgres.sh uses), for
 * tests that stop and start the database: the shared server of the PostgreSQL pass serves every
 * other test file at the same time and must stay up.
 */
export interface PostgresInstance {
  url: string;
  stop(): void;
  start(): void;
  destroy(): void;
}

function postgresBinaries(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(a) - Number(b));
  const last = versions.at(-1);
  return last ? join(root, last, "bin") : null;
}

export async function startPostgres(): Promise<PostgresInstance> {
  const bin = postgresBinaries();
  if (!bin) throw new Error("PostgreSQL binaries not found (scripts/test-deps.sh installs them)");
  const dir = mkdtempSync(join(tmpdir(), "blocklot-pg-own-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync("chown", ["postgres", dir]);
  const run = (tool: string, args: string[]) => {
    const [cmd, argv] = asRoot
      ? ["runuser", ["-u", "postgres", "--", join(bin, tool), ...args]]
      : [join(bin, tool), args];
    execFileSync(cmd, argv, { stdio: "ignore" });
  };
  const port = await freePort();
  const data = join(dir, "data");
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-locale"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run("pg_ctl", ["-D", data, "-l", join(dir, "log"), "-w", "-o", options, "start"]);
  const stop = () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy() {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
