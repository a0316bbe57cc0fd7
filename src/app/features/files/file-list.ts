/** Pure rules for the list of a property's statement files, kept live from status events. */
import type { FileStatusEvent } from "../../../domain/files/status-event";
import { FILE_STATUSES, type FileStatus, type StatementFile } from "./files-api";

export type { FileStatusEvent };

const isStatus = (v: unknown): v is FileStatus =>
  typeof v === "string" && (FILE_STATUSES as readonly string[]).includes(v);

/** The event in an SSE message's data, or null when it is not one. */
export function parseFileStatusEvent(data: string): FileStatusEvent | null {
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    return null;
  }
  if (!raw || typeof raw !== "object") return null;
  const e = raw as Record<string, unknown>;
  if (typeof e.fileId !== "string" || typeof e.propertyId !== "string" || !isStatus(e.status)) return null;
  return {
    fileId: e.fileId,
    companyId: typeof e.companyId === "string" ? e.companyId : "",
    propertyId: e.propertyId,
    fileName: typeof e.fileName === "string" ? e.fileName : "",
    status: e.status,
    failureReason: typeof e.failureReason === "string" ? e.failureReason : null,
    pageCount: typeof e.pageCount === "number" ? e.pageCount : null,
    at: typeof e.at === "string" ? e.at : new Date(0).toISOString(),
  };
}

const time = (iso: string) => {
  const n = Date.parse(iso);
  return Number.isNaN(n) ? 0 : n;
};

/**
 * The list with an event applied: the file's status, reason and page count change unless the
 * list already holds a newer state. `found` is false when the file is not in the list (uploaded
 * elsewhere, or the event beat the upload's answer): the caller then reloads the list.
 */
export function applyStatusEvent(
  list: readonly StatementFile[],
  event: FileStatusEvent,
): { list: StatementFile[]; found: boolean } {
  let found = false;
  const next = list.map((f) => {
    if (f.id !== event.fileId) return f;
    found = true;
    if (time(event.at) < time(f.updatedAt)) return f;
    return {
      ...f,
      status: event.status,
      failureReason: event.status === "failed" ? event.failureReason : null,
      pageCount: event.pageCount ?? f.pageCount,
      updatedAt: event.at,
    };
  });
  return { list: next, found };
}

/** The list with a record added (newest first) or replaced, unless the list's copy is newer. */
export function upsertFile(list: readonly StatementFile[], record: StatementFile): StatementFile[] {
  const at = list.findIndex((f) => f.id === record.id);
  if (at === -1) return [record, ...list];
  const current = list[at] as StatementFile;
  if (time(current.updatedAt) > time(record.updatedAt)) return [...list];
  const next = [...list];
  next[at] = record;
  return next;
}

/** Queued or being read: the server refuses a re-run, the list should follow it live. */
export const isBusy = (status: FileStatus) =>
  status === "uploaded" || status === "queued" || status === "extracting";

/**
 * Files can be deleted until staff review them. No review state exists yet (statement mapping,
 * part 2), so every state an owner sees is still before review.
 */
const BEFORE_REVIEW: readonly FileStatus[] = FILE_STATUSES;
export const canDelete = (f: Pick<StatementFile, "status">) => BEFORE_REVIEW.includes(f.status);

/** Extraction can run again once it has failed. */
export const canRetryExtraction = (f: Pick<StatementFile, "status">) => f.status === "failed";

/** A file whose state changed since the list was last seen: what the live region says. */
export interface StatusChange {
  fileId: string;
  fileName: string;
  status: FileStatus;
  failureReason: string | null;
}

/** The states (and their times) of one property's files as last seen and announced. */
export interface SeenStatuses {
  propertyId: string;
  files: ReadonlyMap<string, { status: FileStatus; at: number }>;
}

type Listed = Pick<StatementFile, "id" | "fileName" | "status" | "failureReason" | "updatedAt">;

/**
 * The state changes to announce when a property's file list is seen again, whatever brought
 * the new list (a live event, polling, a refetch or this page's own upload). Each change is
 * announced once: the states are remembered in the returned `seen`.
 *
 * - The first list of a property (page opened, another property picked) is only remembered:
 *   nothing happened while the person watched it.
 * - A file that joins the list later (uploaded here or elsewhere) starts from `uploaded`, so
 *   it is announced once it is past that (the upload itself is announced on its own).
 * - A list older than what was seen (a refetch that started before a live event) neither
 *   announces nor takes back a state.
 * - A file that left the list is forgotten.
 */
export function statusChanges(
  seen: SeenStatuses | null,
  propertyId: string,
  list: readonly Listed[],
): { changes: StatusChange[]; seen: SeenStatuses } {
  const first = !seen || seen.propertyId !== propertyId;
  const files = new Map<string, { status: FileStatus; at: number }>();
  const changes: StatusChange[] = [];
  for (const f of list) {
    const now = { status: f.status, at: time(f.updatedAt) };
    const before = first ? undefined : seen.files.get(f.id);
    if (before && now.at < before.at) {
      files.set(f.id, before);
      continue;
    }
    files.set(f.id, now);
    if (first || f.status === (before?.status ?? "uploaded")) continue;
    changes.push({
      fileId: f.id,
      fileName: f.fileName,
      status: f.status,
      failureReason: f.status === "failed" ? f.failureReason : null,
    });
  }
  return { changes, seen: { propertyId, files } };
}
