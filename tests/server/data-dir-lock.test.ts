import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/client";
import { DataDirInUseError } from "../../src/server/db/data-dir-lock";

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill("SIGKILL");
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function dataDir() {
  const d = mkdtempSync(join(tmpdir(), "blocklot-lock-"));
  dirs.push(d);
  mkdirSync(join(d, "pglite"), { recursive: true });
  return d;
}

/** Another live process, standing in for a running server that holds the lock. */
function otherProcess(): ChildProcess {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
  children.push(child);
  return child;
}

describe("embedded database: one process at a time", () => {
  it("refuses to open a data directory another live process holds, saying which and what to do", async () => {
    const dir = dataDir();
    const other = otherProcess();
    writeFileSync(join(dir, "pglite.lock"), String(other.pid));
    const opening = openDatabase({ dataDir: dir });
    await expect(opening).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(opening).rejects.toThrow(`in use by another Blocklot process (pid ${other.pid})`);
    // The other process's lock is left alone.
    expect(readFileSync(join(dir, "pglite.lock"), "utf8")).toBe(String(other.pid));
  });

  it("takes over a lock whose process has died, holds it while open and drops it on close", async () => {
    const dir = dataDir();
    const other = otherProcess();
    const pid = other.pid as number;
    other.kill("SIGKILL");
    await new Promise((r) => other.once("exit", r));
    writeFileSync(join(dir, "pglite.lock"), String(pid));
    const database = await openDatabase({ dataDir: dir });
    try {
      expect(readFileSync(join(dir, "pglite.lock"), "utf8")).toBe(String(process.pid));
      const rows = await database.db.execute(sql`select 1 as one`);
      expect(rows.rows[0]).toEqual({ one: 1 });
    } finally {
      await database.close();
    }
    expect(existsSync(join(dir, "pglite.lock"))).toBe(false);
  }, 60_000);
});
