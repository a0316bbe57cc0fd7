/**
 * What a scan does on the page, as React state: every code (camera, typed, photo) is checked,
 * held back while it repeats, looked up and applied one at a time (apply-scan.ts); the result
 * card, the announcement for screen readers, the session list and undo. The card shows the
 * new code at once ("looking up") and then that scan's own item — never another scan's
 * fields — and the "shown" timing mark is taken in the animation frame that paints it.
 */
import { useLingui } from "@lingui/react/macro";
import { useLiveQuery } from "dexie-react-hooks";
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import type { Item } from "../../../../domain/inventory/item";
import { newId } from "../../../../sync/outbox";
import { getDb } from "../../../offline/db";
import type { AppSyncEngine as SyncEngine } from "../../../offline/synced-types";
import { applyScan, findItemByCode, KnownItemGone, type ScanContext, undoScan } from "./apply-scan";
import { scanFeedback } from "./feedback";
import type { DecodedFrame } from "./frame-pump";
import { type LatestScan, resultItem } from "./result-item";
import {
  createCodeDebouncer,
  createSerialQueue,
  normalizeCode,
  opensItem,
  type ScanMode,
  type ScanSource,
} from "./scan-logic";
import { createSessionStore, lastUndoable, type ScanEntry, type SessionStore } from "./scan-session";
import { createReadConfirmer, dropConflicting, type ScanFormat, verifyRead } from "./symbologies";

/** Performance measures per scan (read by tests/bench/scan.ts). */
const SCAN_MEASURE = "scan:decode-to-shown";
const SCAN_FRAME_MEASURE = "scan:frame-to-shown";

const stores = new Map<string, SessionStore>();
function sessionStoreFor(companyId: string): SessionStore {
  let s = stores.get(companyId);
  if (!s) {
    let storage: Storage | null = null;
    try {
      storage = window.sessionStorage;
    } catch {
      storage = null;
    }
    s = createSessionStore(storage, `blocklot:scan:session:${companyId}`);
    stores.set(companyId, s);
  }
  return s;
}

let scanSeq = 0;

function markSafely(name: string, startTime?: number, detail?: unknown) {
  try {
    performance.mark(name, { ...(startTime === undefined ? {} : { startTime }), detail });
  } catch {
    // marks are best effort
  }
}

export function useScanResults(opts: {
  companyId: string | null;
  write: SyncEngine["write"];
  mode: ScanMode;
  repeatWindowMs: number;
  openItem: (itemId: string) => void;
}) {
  const { t } = useLingui();
  const { companyId, write, mode, repeatWindowMs, openItem } = opts;
  const [latest, setLatest] = useState<LatestScan | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const [undoBusy, setUndoBusy] = useState(false);

  const store = useMemo(() => (companyId ? sessionStoreFor(companyId) : null), [companyId]);
  const emptyList = useMemo<ScanEntry[]>(() => [], []);
  const session = useSyncExternalStore(
    useCallback((l: () => void) => store?.subscribe(l) ?? (() => undefined), [store]),
    () => store?.get() ?? emptyList,
    () => emptyList,
  );
  const undoTarget = lastUndoable(session);

  const debouncer = useMemo(() => createCodeDebouncer(), []);
  debouncer.setWindow(repeatWindowMs);
  const confirmer = useMemo(() => createReadConfirmer(), []);
  const queue = useMemo(() => createSerialQueue(), []);
  const modeRef = useRef(mode);
  modeRef.current = mode;

  const ctx = useMemo<ScanContext | null>(
    () =>
      companyId
        ? {
            db: getDb(),
            write,
            companyId,
            newId,
            placeholder: (code) => ({
              title: t`Scanned ${code}`,
              description: t`Created by scanning code ${code}. Replace this with a description.`,
            }),
          }
        : null,
    [companyId, write, t],
  );

  // Open the database and its barcode index now, so the first scan's lookup is not the first query.
  useEffect(() => {
    if (ctx) void findItemByCode(ctx.db, ctx.companyId, "").catch(() => undefined);
  }, [ctx]);

  /** Every code, from the camera, the keyboard or a photo. Answers why it was refused, or null. */
  const handleCode = useCallback(
    (
      raw: string,
      source: ScanSource,
      read?: { format?: ScanFormat; frameAt?: number; known?: Item },
    ): string | null => {
      const mark = `scan:${++scanSeq}`;
      if (read?.frameAt !== undefined) markSafely(`${mark}:frame`, read.frameAt);
      markSafely(`${mark}:decoded`);
      const checked = normalizeCode(raw);
      if (!checked.ok) {
        const message =
          checked.reason === "empty"
            ? t`Enter a barcode or SKU.`
            : t`That code is longer than 64 characters; no item can have it.`;
        if (source !== "manual") setFailure(message);
        setAnnouncement(message);
        scanFeedback("error");
        return message;
      }
      const { code } = checked;
      if (!ctx || !store) return null;
      const scanMode = modeRef.current;
      setFailure(null);
      setLatest({ mark, code, status: "looking" });
      void queue(async () => {
        try {
          const outcome = await applyScan(ctx, code, scanMode, read?.format, read?.known);
          markSafely(`${mark}:found`);
          const entry = store.add({
            at: Date.now(),
            code,
            source,
            itemId: outcome.item.id,
            title: outcome.item.title,
            action: outcome.action,
            quantity: outcome.item.quantity,
          });
          scanFeedback(outcome.action === "created" ? "created" : "found");
          setLatest((cur) =>
            cur?.mark === mark ? { mark, code, status: "done", entry, item: outcome.item } : cur,
          );
          const title = outcome.item.title;
          const qty = outcome.item.quantity;
          setAnnouncement(
            outcome.action === "opened"
              ? t`Found ${title} (code ${code}). Opening it.`
              : outcome.action === "counted"
                ? t`Added 1 to ${title}. Quantity now ${qty}.`
                : opensItem(scanMode)
                  ? t`No item has code ${code}. Created ${title}; opening it.`
                  : t`No item has code ${code}. Created ${title} with quantity 1.`,
          );
          if (opensItem(scanMode)) openItem(outcome.item.id);
        } catch (err) {
          const why =
            err instanceof KnownItemGone
              ? t`no item has this code any more`
              : err instanceof Error
                ? err.message
                : String(err);
          const message = t`Could not record code ${code}: ${why}`;
          setLatest((cur) => (cur?.mark === mark ? null : cur));
          setFailure(message);
          setAnnouncement(message);
          scanFeedback("error");
        }
      });
      return null;
    },
    [ctx, store, queue, t, openItem],
  );

  /**
   * A decoded camera frame: misreads dropped, unchecked codes confirmed, repeats held back. A
   * held CODE128 read is looked up at once: when it names an item on this device it is applied
   * without waiting for the next frame (`confirmer.known`), otherwise the next frame decides.
   */
  const handleFrame = useCallback(
    (frame: DecodedFrame) => {
      const now = performance.now();
      if (frame.codes.length === 0) {
        confirmer.nothing();
        debouncer.acceptFrame([], Date.now());
        return;
      }
      const clear = dropConflicting(frame.codes);
      if (clear.length === 0) return; // a doubtful frame: neither read, nothing marked as seen
      const ready = clear.filter((c) => confirmer.accept(c.format, c.text, now));
      const normal = ready.flatMap((c) => {
        const n = normalizeCode(c.text);
        return n.ok ? [{ code: n.code, format: c.format }] : [];
      });
      const taken = debouncer.acceptFrame(
        normal.map((c) => c.code),
        Date.now(),
      );
      const read = normal.find((c) => c.code === taken);
      if (read) {
        handleCode(read.code, "camera", { format: read.format, frameAt: frame.frameAt });
        return;
      }
      const held = clear.find((c) => {
        const v = verifyRead(c.format, c.text);
        return v.ok && !v.confirmed && v.ifKnown && !ready.includes(c);
      });
      const heldCode = held ? normalizeCode(held.text) : null;
      if (!held || !heldCode?.ok || !ctx || !debouncer.isFresh(heldCode.code, Date.now())) return;
      const code = heldCode.code;
      void findItemByCode(ctx.db, ctx.companyId, code, held.format).then(
        (known) => {
          // still the read waiting (no later frame confirmed or replaced it), and still new
          if (!known || !confirmer.known(held.format, held.text, performance.now())) return;
          if (debouncer.acceptFrame([code], Date.now()) !== code) return;
          handleCode(code, "camera", { format: held.format, frameAt: frame.frameAt, known });
        },
        () => undefined, // the next frame decides, as for any held read
      );
    },
    [confirmer, debouncer, handleCode, ctx],
  );

  // The item of the latest scan as it is now (undo, sync) — only ever that scan's own item.
  const itemId = latest?.status === "done" ? latest.entry.itemId : null;
  const live = useLiveQuery(() => (itemId ? getDb().items.get(itemId) : undefined), [itemId]);
  const latestItem = resultItem(latest, live);
  const latestEntry =
    latest?.status === "done" ? (session.find((e) => e.id === latest.entry.id) ?? latest.entry) : null;

  const markedRef = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (latest?.status !== "done" || markedRef.current === latest.mark) return;
    markedRef.current = latest.mark;
    const { mark, code } = latest;
    const itemId = latest.entry.itemId;
    // the card with the new item is committed: the next animation frame paints it
    requestAnimationFrame(() => {
      markSafely(`${mark}:shown`, undefined, { code, itemId });
      try {
        performance.measure(SCAN_MEASURE, `${mark}:decoded`, `${mark}:shown`);
        if (performance.getEntriesByName(`${mark}:frame`).length)
          performance.measure(SCAN_FRAME_MEASURE, `${mark}:frame`, `${mark}:shown`);
      } catch {
        // marks cleared meanwhile
      }
    });
  }, [latest]);

  const undo = async () => {
    if (!undoTarget || !store || !ctx) return;
    setUndoBusy(true);
    try {
      const res = await queue(() => undoScan(ctx, undoTarget));
      store.markUndone(undoTarget.id);
      debouncer.reset();
      const title = undoTarget.title;
      setAnnouncement(
        res.result === "gone"
          ? t`${title} no longer exists here; nothing to undo.`
          : undoTarget.action === "counted"
            ? t`Undone: took 1 back from ${title}.`
            : t`Undone: deleted ${title}.`,
      );
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      setAnnouncement(t`Could not undo: ${why}`);
      setFailure(t`Could not undo: ${why}`);
    } finally {
      setUndoBusy(false);
    }
  };

  return {
    handleCode,
    handleFrame,
    latest,
    latestItem,
    latestEntry,
    announcement,
    announce: setAnnouncement,
    failure,
    setFailure,
    session,
    undoTarget,
    undo,
    undoBusy,
    /** After a mode switch the same label may count again. */
    resetRepeats: () => debouncer.reset(),
  };
}
