/**
 * Loads the language's Intl data on another thread while the app's chunks download, so the
 * page's first number, date and plural format do not take a long task of the main thread
 * (intl-warmup.worker.ts says why it works). Best effort: without workers nothing changes.
 */
export function warmUpIntl(locale: string): void {
  if (typeof Worker === "undefined") return;
  try {
    const worker = new Worker(new URL("./intl-warmup.worker.ts", import.meta.url), {
      type: "module",
      name: "intl-warmup",
    });
    worker.postMessage([locale]);
  } catch {
    // a worker refused (an old browser, a policy): formats are made on first use, as before
  }
}
