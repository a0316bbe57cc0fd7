import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";

/** Thrown when another live process already has the embedded database open. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dir} is in use by another Blocklot process (pid ${pid}). ` +
        "PGlite lets one process at a time open it: stop that process first (for example the " +
        "server, before `npm run seed`), or set DATABASE_URL to share a PostgreSQL database.",
    );
    this.name = "DataDirInUseError";
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes an exclusive lock file beside a PGlite data directory, so a second process (a seed
 * run while the server is up, a second server) cannot open the same files: each would keep
 * its own copy in memory and one would overwrite the other's writes. A lock left by a
 * process that has died is taken over. Returns the release function.
 */
export function lockDataDir(lockPath: string, dir: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(lockPath, "utf8").trim() === String(process.pid)) rmSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = Number.parseInt(readFileSync(lockPath, "utf8").trim(), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new DataDirInUseError(dir, pid);
      }
      rmSync(lockPath, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not lock ${dir}: the lock file ${lockPath} keeps reappearing`);
}
