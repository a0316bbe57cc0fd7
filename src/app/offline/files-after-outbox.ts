/**
 * The one order for sending files picked offline, used by the page (page-file-uploads.ts) and the
 * service worker (sw-photo-replay.ts): the outbox first, since a file may belong to a record made
 * offline (a kanban task) that must reach the server before it; then the files. A file whose
 * record's create is still in the outbox (that drain stopped: offline, backing off, refused) is not
 * sent and stays waiting — sent now, the server would answer 404 and the file would be marked
 * refused for good.
 */
import type { BlocklotDb, PhotoUploadRecord } from "./db";
import { type DrainOptions, type DrainResult, drainPhotoUploads } from "./photo-upload-queue";

const parentKey = (p: { entity: string; id: string }) => `${p.entity}:${p.id}`;

/** The parents (entity:id) of these files whose create is still in the outbox. */
async function unsentParents(db: BlocklotDb, rows: readonly PhotoUploadRecord[]): Promise<Set<string>> {
  const unsent = new Set<string>();
  for (const row of rows) {
    const parent = row.upload?.parent;
    if (!parent || unsent.has(parentKey(parent))) continue;
    const creates = await db.outbox
      .where("[entity+id]")
      .equals([parent.entity, parent.id])
      .filter((e) => e.baseVersion === null && e.method === "PUT")
      .count();
    if (creates > 0) unsent.add(parentKey(parent));
  }
  return unsent;
}

export interface FilesAfterOutboxResult extends DrainResult {
  /** Files left waiting because their record is not on the server yet. */
  held: number;
}

/**
 * Drains the outbox (when a file is waiting), then sends the waiting files `only` accepts (all
 * when absent) except those whose record has not reached the server.
 */
export async function drainFilesAfterOutbox(
  db: BlocklotDb,
  opts: Pick<DrainOptions, "send" | "only" | "lock"> & { drainOutbox: () => Promise<unknown> },
): Promise<FilesAfterOutboxResult> {
  const wanted = (r: PhotoUploadRecord) => opts.only === undefined || opts.only(r);
  const waitingFiles = async () =>
    (await db.photoUploads.where("state").equals("waiting").toArray()).filter(
      (r) => r.upload !== undefined && wanted(r),
    );
  if ((await waitingFiles()).length > 0) await opts.drainOutbox().catch(() => undefined);
  const unsent = await unsentParents(db, await waitingFiles());
  const heldBack = (r: PhotoUploadRecord) => !!r.upload?.parent && unsent.has(parentKey(r.upload.parent));
  const result = await drainPhotoUploads(db, {
    send: opts.send,
    lock: opts.lock,
    only: (r) => wanted(r) && !heldBack(r),
  });
  const held = (await waitingFiles()).filter(heldBack).length;
  return { ...result, held };
}
