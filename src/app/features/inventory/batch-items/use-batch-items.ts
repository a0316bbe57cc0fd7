/**
 * A batch's items from Dexie, kept live (docs/inventory.md, "Batch items list").
 *
 * - First paint: the first FIRST_ROWS items (one small index read) are shown at once, while
 *   the whole batch is read.
 * - Live: `useLiveQuery` watches the count of the batch's range of the `[batchId+updatedAt]`
 *   index — a cheap query that Dexie re-runs whenever any item of the batch is written (every
 *   write changes `updatedAt`, deletes and moves change the range), here, in another tab, in
 *   the service worker or by a pull. Each such signal re-reads the batch; reads never overlap
 *   and follow each other at least RELOAD_GAP_MS apart, so a drain acknowledging 1,000 writes
 *   re-reads a 50,000-row batch a few times, not 1,000 times.
 */
import { Dexie } from "dexie";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useRef, useState } from "react";
import type { Batch, Item } from "../../../../domain/inventory/item";
import { cursorKey } from "../../../../sync/db";
import { readBatchItems } from "../../../offline/batch-items";
import type { BlocklotDb } from "../../../offline/db";

const FIRST_ROWS = 60;
const RELOAD_GAP_MS = 400;

export interface BatchItemsState {
  /** undefined while reading, null when this device has no such batch. */
  batch: Batch | null | undefined;
  /** The items read so far (null before the first read). */
  items: Item[] | null;
  /** False while only the first rows are shown. */
  complete: boolean;
  /** Has this device pulled the company's inventory at least once? (undefined while reading) */
  synced: boolean | undefined;
}

/** Resolves after the next frame has been painted. */
const afterPaint = () =>
  new Promise<void>((resolve) => {
    if (typeof requestAnimationFrame === "undefined") return resolve();
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });

export function useBatchItems(db: BlocklotDb, batchId: string, companyId: string | null): BatchItemsState {
  const batch = useLiveQuery(async () => (await db.batches.get(batchId)) ?? null, [db, batchId]);
  const synced = useLiveQuery(
    async () => (companyId ? (await db.meta.get(cursorKey(companyId))) !== undefined : false),
    [db, companyId],
  );
  const signal = useLiveQuery(
    async () => ({
      count: await db.items
        .where("[batchId+updatedAt]")
        .between([batchId, Dexie.minKey], [batchId, Dexie.maxKey], true, true)
        .count(),
    }),
    [db, batchId],
  );
  const [state, setState] = useState<{ batchId: string; items: Item[] | null; complete: boolean }>({
    batchId,
    items: null,
    complete: false,
  });
  const loader = useRef<{ running: boolean; dirty: boolean; lastStart: number; alive: boolean } | null>(null);

  // the first rows, at once
  useEffect(() => {
    let alive = true;
    setState({ batchId, items: null, complete: false });
    readBatchItems(db, batchId, FIRST_ROWS).then(
      (rows) => {
        if (alive)
          setState((s) =>
            s.batchId === batchId && !s.complete ? { batchId, items: rows, complete: false } : s,
          );
      },
      () => undefined,
    );
    const l = { running: false, dirty: false, lastStart: 0, alive: true };
    loader.current = l;
    return () => {
      alive = false;
      l.alive = false;
    };
  }, [db, batchId]);

  // the whole batch, again after every change signal (coalesced) — only once the first rows
  // are on screen: deserialising 50,000 rows holds the main thread for a few hundred ms
  const firstShown = state.batchId === batchId && state.items !== null;
  useEffect(() => {
    const l = loader.current;
    if (!signal || !l || !firstShown) return;
    if (l.running) {
      l.dirty = true;
      return;
    }
    const run = async () => {
      l.running = true;
      if (l.lastStart === 0) await afterPaint();
      do {
        l.dirty = false;
        const wait = l.lastStart + RELOAD_GAP_MS - performance.now();
        if (l.lastStart > 0 && wait > 0) await new Promise((r) => setTimeout(r, wait));
        if (!l.alive) break;
        l.lastStart = performance.now();
        try {
          const rows = await readBatchItems(db, batchId);
          if (l.alive) setState({ batchId, items: rows, complete: true });
        } catch {
          // the database closed (sign-out, another version opened): the next signal reads again
        }
      } while (l.dirty && l.alive);
      l.running = false;
    };
    void run();
  }, [signal, db, batchId, firstShown]);

  const current = state.batchId === batchId ? state : { items: null, complete: false };
  return { batch, items: current.items, complete: current.complete, synced };
}
