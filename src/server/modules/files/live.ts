/**
 * Live file status across processes: every change of a statement file's state (uploaded →
 * queued → extracting → extracted | failed) notifies `file_status` with the event below, in the
 * transaction that changes the row, by whichever process made it — an API replica or an
 * extraction worker. It is delivered on commit to this process (PGlite) or every replica
 * LISTENing (PostgreSQL); GET /api/events passes each on as `event: file-status` to the
 * connections of the file's company. A notice lost while a listen connection is down (re-opened
 * after 1 s) is caught up by the app, which reads its file lists again whenever its stream opens.
 */
import { sql } from "drizzle-orm";
import type { FileStatusEvent } from "../../../domain/files/status-event";
import { FILE_STATUSES, type FileStatus } from "../../../domain/files/statuses";
import type { Database, Db } from "../../db/client";
import { type Notices, openNotices } from "../../db/listen";

const CHANNEL = "file_status";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** PostgreSQL refuses a notification payload of 8,000 bytes or more: long texts are cut. */
const MAX_NAME = 255;
const MAX_REASON = 1000;

/** Announces the change; call it in the transaction that made it, so it goes out on commit only. */
export async function publishFileStatus(tx: Db, event: FileStatusEvent): Promise<void> {
  const payload: FileStatusEvent = {
    ...event,
    fileName: event.fileName.slice(0, MAX_NAME),
    failureReason: event.failureReason?.slice(0, MAX_REASON) ?? null,
  };
  await tx.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(payload)})`);
}

function parseNotice(payload: string): FileStatusEvent | null {
  try {
    const v = JSON.parse(payload) as Partial<FileStatusEvent>;
    if (
      typeof v.fileId === "string" &&
      UUID.test(v.fileId) &&
      typeof v.companyId === "string" &&
      UUID.test(v.companyId) &&
      typeof v.propertyId === "string" &&
      FILE_STATUSES.includes(v.status as FileStatus)
    ) {
      return {
        fileId: v.fileId,
        companyId: v.companyId,
        propertyId: v.propertyId,
        fileName: typeof v.fileName === "string" ? v.fileName : "",
        status: v.status as FileStatus,
        failureReason: typeof v.failureReason === "string" ? v.failureReason : null,
        pageCount: typeof v.pageCount === "number" ? v.pageCount : null,
        at: typeof v.at === "string" ? v.at : new Date().toISOString(),
      };
    }
  } catch {
    // not ours
  }
  return null;
}

export type FileStatusNotices = Notices<FileStatusEvent>;

/** File status changes made by any process or replica, heard here. */
export const openFileStatusNotices = (database: Database): Promise<FileStatusNotices> =>
  openNotices(database, CHANNEL, parseNotice);
