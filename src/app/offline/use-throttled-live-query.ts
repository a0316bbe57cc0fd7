/**
 * A live Dexie query that re-runs at most once per `waitMs` (trailing), for aggregates that
 * cost more than the writes they follow: counting 50,000 items once per 1,000-row chunk of an
 * import kept IndexedDB busy that the import needed. Listens to Dexie's global
 * `storagemutated` event (this page, other tabs and the service worker) for the given tables.
 */
import { Dexie, type ObservabilitySet } from "dexie";
import { type DependencyList, startTransition, useEffect, useState } from "react";

export function useThrottledLiveQuery<T>(
  query: () => Promise<T>,
  deps: DependencyList,
  opts: {
    tables: readonly string[];
    waitMs?: number;
    /**
     * Not re-run while true (the last value stays); read again once it turns false. For
     * numbers a dialog covers: an import's every chunk would otherwise re-count them.
     */
    paused?: boolean;
  },
): T | undefined {
  const [value, setValue] = useState<T | undefined>(undefined);
  const waitMs = opts.waitMs ?? 1000;
  const tables = opts.tables.join(",");
  const paused = opts.paused ?? false;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `deps` are the query's own dependencies
  useEffect(() => {
    if (paused) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running = false;
    let again = false;
    let last = 0;
    const watched = new RegExp(`/(${tables.split(",").join("|")})(/|$)`);
    const run = async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        const next = await query();
        // As a transition: the numbers render in slices, not in one long task (issue 19).
        if (!cancelled) startTransition(() => setValue(next));
      } catch {
        // a closed database (sign-out, upgrade): the next change reads again
      } finally {
        running = false;
        last = Date.now();
        if (again && !cancelled) {
          again = false;
          schedule();
        }
      }
    };
    const schedule = () => {
      if (timer || cancelled) return;
      timer = setTimeout(
        () => {
          timer = undefined;
          void run();
        },
        Math.max(0, last + waitMs - Date.now()),
      );
    };
    const onMutated = (parts: ObservabilitySet) => {
      if (Object.keys(parts).some((k) => watched.test(k))) schedule();
    };
    void run();
    Dexie.on.storagemutated.subscribe(onMutated);
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
      Dexie.on.storagemutated.unsubscribe(onMutated);
    };
  }, [...deps, tables, waitMs, paused]);
  return value;
}
