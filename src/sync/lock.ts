/**
 * One holder at a time for a named lock: Web Locks when the platform has them (shared by every
 * tab and the service worker of the origin — so a page and the SW never replay at once), else
 * a promise chain in this JavaScript realm (tests, old browsers).
 */
const chains = new Map<string, Promise<unknown>>();

export function withExclusiveLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (locks) return locks.request(name, () => fn()) as Promise<T>;
  const prev = chains.get(name) ?? Promise.resolve();
  const run = prev.then(fn, fn);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  chains.set(name, tail);
  void tail.then(() => {
    if (chains.get(name) === tail) chains.delete(name);
  });
  return run;
}
