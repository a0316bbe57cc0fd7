/**
 * What the app keeps on the device beside a record (a kanban task's waiting files). When a record
 * leaves the device without ever reaching the server — its create discarded on the sync screen, or
 * it is deleted before it was sent — these go with it, in the same transaction, since the server
 * would only refuse them. A record that exists on the server keeps them.
 */
import type { Table } from "dexie";
import type { SyncDb } from "./db";

export interface RecordDependents {
  /** The tables `forget` writes (joined to the engine's transaction). */
  tables(db: SyncDb): Table[];
  /** Removes what belongs to record `id` of `entity` (called inside that transaction). */
  forget(db: SyncDb, entity: string, id: string): Promise<void>;
}

/** The transaction's tables plus the dependents' (none when the app declares none). */
export const withDependentTables = (db: SyncDb, tables: Table[], dependents?: RecordDependents) =>
  dependents ? [...tables, ...dependents.tables(db)] : tables;
