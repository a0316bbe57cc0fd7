/**
 * The change feed `GET /api/sync/changes?since=CURSOR&limit=N` (docs/offline.md "Pull",
 * docs/inventory.md "The cursor"): every synced type the caller may see — the records of their
 * active company and their own private ones — oldest change first, deletions as tombstones.
 * One opaque cursor per device and company.
 */

export const SYNC_CHANGES_PATH = "/api/sync/changes";
/** Default and largest page. */
export const SYNC_PAGE_DEFAULT = 500;
export const SYNC_PAGE_MAX = 1000;

/** One entry of the feed: a record as it is now, or a tombstone when it was deleted. */
export type SyncChange<E extends string = string, R = Record<string, unknown>> =
  | { entity: E; id: string; deleted: false; row: R }
  | { entity: E; id: string; deleted: true; row: null };

/** One page of the feed. `cursor` is opaque; `hasMore` asks for another page. */
export interface SyncPage<C = SyncChange> {
  changes: C[];
  cursor: string;
  hasMore: boolean;
  /**
   * Present (true) when the cursor sent belonged to another company or user (the user switched
   * their active company): this page starts from the beginning, and the app drops the rows it
   * holds for the old company before applying it.
   */
  reset?: boolean;
}

/**
 * The feed cursors around one write transaction of the caller (bulk create, write batch): `from`
 * is the cursor of a reader who had seen every change before it, `to` after it. Writes of a
 * company are serialised, so nothing else lies between them: an app whose stored cursor is
 * `from` and which has applied the answer may store `to` and skip reading its own changes back.
 */
export interface CursorRange {
  from: string;
  to: string;
}

/** The live notice (SSE `event: sync-changed`) after a committed change: pull the feed from your cursor. */
export interface SyncChanged {
  /** The synced type that changed. */
  entity: string;
  /** The company whose records changed, for company types. */
  companyId?: string;
  /** The user whose private records changed, for user types. */
  userId?: string;
}

/** The SSE event name of the live notice. */
export const SYNC_CHANGED_EVENT = "sync-changed";
