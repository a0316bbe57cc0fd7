/** Live outbox counts for the top bar and the sync screen (dexie-react-hooks). */
import { useLiveQuery } from "dexie-react-hooks";
import { type BlocklotDb, type ConflictRecord, getDb, type OutboxEntry } from "./db";

export interface OutboxStatus {
  /** Writes not yet acknowledged (waiting or being sent). */
  waiting: number;
  rejected: number;
  conflicts: number;
}

export async function readOutboxStatus(db: BlocklotDb, companyId?: string): Promise<OutboxStatus> {
  const all = companyId
    ? await db.outbox.where("companyId").equals(companyId).toArray()
    : await db.outbox.toArray();
  const status: OutboxStatus = { waiting: 0, rejected: 0, conflicts: 0 };
  for (const e of all) {
    if (e.state === "rejected") status.rejected++;
    else if (e.state === "conflict") status.conflicts++;
    else status.waiting++;
  }
  return status;
}

const EMPTY: OutboxStatus = { waiting: 0, rejected: 0, conflicts: 0 };

export function useOutboxStatus(companyId?: string, db: BlocklotDb = getDb()): OutboxStatus {
  return useLiveQuery(() => readOutboxStatus(db, companyId), [db, companyId], EMPTY);
}

/** Every outbox entry (sync screen), oldest first, with its conflict when there is one. */
export function useOutboxEntries(
  companyId?: string,
  db: BlocklotDb = getDb(),
): { entry: OutboxEntry; conflict: ConflictRecord | undefined }[] {
  return useLiveQuery(
    async () => {
      const entries = (await db.outbox.orderBy("seq").toArray()).filter(
        (e) => !companyId || e.companyId === companyId,
      );
      const conflicts = await db.conflicts.bulkGet(entries.map((e) => e.seq as number));
      return entries.map((entry, i) => ({ entry, conflict: conflicts[i] ?? undefined }));
    },
    [db, companyId],
    [],
  );
}
