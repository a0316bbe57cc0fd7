/**
 * Removals with an undo window ("clear column", "delete task"): the tasks disappear from the
 * board at once, and are deleted (one DELETE each, through the outbox) only when the window
 * closes, so Undo simply shows them again: nothing was written, their comments and history stay.
 * A window that cannot finish (the page is closed) deletes right away rather than never.
 */
export interface PendingRemovalsOptions {
  /** Deletes the tasks for good (the outbox writes). */
  commit: (ids: readonly string[]) => Promise<void>;
  /** How long Undo is offered (ms). */
  windowMs: number;
  /** Schedules `fn` after `ms`; returns a cancel function (tests pass their own clock). */
  schedule?: (ms: number, fn: () => void) => () => void;
}

export interface PendingRemovals {
  /** Hides `ids` now and deletes them when the window closes; returns the removal's key. */
  remove: (ids: readonly string[]) => string;
  /** Shows the tasks of removal `key` again (false: too late, already deleted). */
  undo: (key: string) => boolean;
  /** Deletes every pending removal now (page hidden, screen left). */
  flush: () => Promise<void>;
  /** The hidden task ids. */
  hidden: () => ReadonlySet<string>;
  /** Called whenever the hidden set changes. */
  subscribe: (fn: () => void) => () => void;
}

const defaultSchedule = (ms: number, fn: () => void) => {
  const t = setTimeout(fn, ms);
  return () => clearTimeout(t);
};

export function createPendingRemovals(opts: PendingRemovalsOptions): PendingRemovals {
  const schedule = opts.schedule ?? defaultSchedule;
  const pending = new Map<string, { ids: readonly string[]; cancel: () => void }>();
  const listeners = new Set<() => void>();
  let hidden: ReadonlySet<string> = new Set();
  let counter = 0;

  const changed = () => {
    hidden = new Set([...pending.values()].flatMap((p) => p.ids));
    for (const fn of listeners) fn();
  };

  const finish = (key: string): Promise<void> => {
    const p = pending.get(key);
    if (!p) return Promise.resolve();
    p.cancel();
    pending.delete(key);
    // hidden until the deletes are on the device, so they never flash back
    return opts.commit(p.ids).finally(changed);
  };

  return {
    remove(ids) {
      const key = `removal-${++counter}`;
      pending.set(key, { ids: [...ids], cancel: schedule(opts.windowMs, () => void finish(key)) });
      changed();
      return key;
    },
    undo(key) {
      const p = pending.get(key);
      if (!p) return false;
      p.cancel();
      pending.delete(key);
      changed();
      return true;
    },
    flush: () => Promise.all([...pending.keys()].map(finish)).then(() => undefined),
    hidden: () => hidden,
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
}
