/** Longest wait for an idle moment (ms): a page that never idles still gets its deferred parts. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `fn` once the browser is idle after the current work (a first render's commit and
 * paint), or after `IDLE_TIMEOUT_MS` at most; returns the cancel function. Safari has no
 * `requestIdleCallback`: a short timer stands in.
 */
export function whenIdle(fn: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(fn, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(fn, 200);
  return () => clearTimeout(handle);
}
