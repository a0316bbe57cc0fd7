import type { Database } from "../../db/client";
import { type Listener, listenChannel } from "../../db/listen";

/** Channel the database triggers of migration 0003 notify on, with the company id. */
const COMPANY_CHANGED = "company_changed";

/** True while notifications are being received; a cache must not be trusted otherwise. */
export type ChangeFeed = Listener;

/**
 * Calls `onChange` after every committed change to companies or memberships, made by
 * any module of this process or (on PostgreSQL) any replica. `onState` reports when
 * the feed goes live or drops (a dropped PostgreSQL connection is re-opened): the LISTEN
 * and its reconnects are db/listen.ts's `listenChannel`, shared with the inventory notices.
 */
export function openCompanyChangeFeed(
  database: Database,
  onChange: (companyId: string) => void,
  onState: (live: boolean) => void,
): Promise<ChangeFeed> {
  return listenChannel(database, COMPANY_CHANGED, onChange, { onState });
}
