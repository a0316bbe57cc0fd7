import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Db } from "./db/client";
import { serverProcesses } from "./db/schema";

/**
 * Which processes are alive (docs/scaling.md "Dead processes"). Every API replica and worker
 * has a boot id and keeps a `server_processes` row whose `heartbeat_at` it refreshes every
 * few seconds. Idempotency claims (`owner_boot`) and job locks (`locked_boot`) carry the boot
 * id, so whoever finds one held by a dead process takes it over at once; the leases
 * (30 s for a claim, 2 min for a job) remain the last resort for an owner with no row.
 *
 * An owner counts as dead when its row's heartbeat is older than `STALE_SECONDS`. On the same
 * host it is dead at once when its pid no longer exists (or is this process's own pid under
 * another boot id: a container restarted as pid 1); `markIfGone` stamps such a row stale.
 */

/** This process's boot id: new at every start. */
export const BOOT_ID = randomUUID();
const HOST = hostname();
const HEARTBEAT_SECONDS = 3;
/** A heartbeat older than this means the process is dead (five missed beats). */
const STALE_SECONDS = 15;
/** Rows of processes gone this long are deleted (their claims are long past any lease). */
const PRUNE_HOURS = 24;

const stale = sql.raw(`interval '${STALE_SECONDS} seconds'`);

/** SQL condition: the process with boot id `boot` (a column) is dead. A missing row is not known to be dead. */
export function ownerDead(boot: unknown) {
  return sql`exists (select 1 from server_processes sp where sp.boot_id = ${boot} and sp.heartbeat_at < now() - ${stale})`;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, owned by another user
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Stamps `row` stale if it is a process of this host that no longer runs. True if so. */
function goneHere(row: { bootId: string; host: string; pid: number }): boolean {
  if (row.host !== HOST || row.bootId === BOOT_ID) return false;
  return row.pid === process.pid || !pidAlive(row.pid);
}

/** Stamps a process dead: its heartbeat an hour old (stale, yet kept until the daily prune). */
async function markDead(db: Db, bootId: string) {
  await db
    .update(serverProcesses)
    .set({ heartbeatAt: sql`now() - interval '1 hour'` })
    .where(eq(serverProcesses.bootId, bootId));
}

/**
 * Checks the owner of a claim this process could not take: when it is a process of this host
 * that is gone, its row is stamped dead and true is answered (claim again now).
 */
export async function markIfGone(db: Db, bootId: string | null): Promise<boolean> {
  if (!bootId || bootId === BOOT_ID) return false;
  const [row] = await db.select().from(serverProcesses).where(eq(serverProcesses.bootId, bootId));
  if (!row || !goneHere(row)) return false;
  await markDead(db, bootId);
  return true;
}

async function beat(db: Db) {
  await db
    .insert(serverProcesses)
    .values({ bootId: BOOT_ID, host: HOST, pid: process.pid })
    .onConflictDoUpdate({ target: serverProcesses.bootId, set: { heartbeatAt: sql`now()` } });
}

/** Stamps dead every row of this host still counted alive whose process is gone. */
async function sweep(db: Db) {
  const here = await db
    .select()
    .from(serverProcesses)
    .where(and(eq(serverProcesses.host, HOST), gte(serverProcesses.heartbeatAt, sql`now() - ${stale}`)));
  for (const row of here) if (goneHere(row)) await markDead(db, row.bootId);
}

/** Deletes the rows of processes gone for a day. */
async function prune(db: Db) {
  await db
    .delete(serverProcesses)
    .where(lt(serverProcesses.heartbeatAt, sql`now() - ${sql.raw(`interval '${PRUNE_HOURS} hours'`)}`));
}

export interface Heartbeat {
  stop(): Promise<void>;
}

/**
 * Registers this process and keeps its heartbeat; at start and at every beat stamps dead this
 * host's processes that are gone (a restarted server frees its predecessor's claims at once, a
 * surviving worker its killed neighbour's jobs within a beat). Prunes day-old rows hourly. On a
 * clean stop the row is stamped dead: whatever it still holds is free.
 */
export async function startHeartbeat(
  db: Db,
  log: { warn(obj: object, msg?: string): void },
): Promise<Heartbeat> {
  await beat(db);
  await sweep(db);
  await prune(db);
  let ticks = 0;
  const timer = setInterval(() => {
    ticks++;
    const work = beat(db)
      .then(() => sweep(db))
      .then(() => (ticks % 1200 === 0 ? prune(db) : undefined));
    work.catch((err) => log.warn({ err }, "process heartbeat failed"));
  }, HEARTBEAT_SECONDS * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await markDead(db, BOOT_ID).catch(() => {});
    },
  };
}
