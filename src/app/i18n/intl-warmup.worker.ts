/**
 * Makes the language's Intl formatters once, on a worker thread, then ends (started by
 * intl-warmup.ts). The browser loads a formatter's locale data (ICU) the first time one is made,
 * into a cache its threads share: the first `Intl.NumberFormat` of a page cost ~150–270 ms of a
 * 4× slower main thread inside the dashboard's first render (docs/benchmarks.md, #19); made
 * here first, the page's own costs ~1 ms.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<string[]>) => {
  for (const locale of event.data) {
    try {
      new Intl.NumberFormat(locale).format(1234.5);
      new Intl.NumberFormat(locale, { style: "currency", currency: "USD" }).format(1234.5);
      new Intl.NumberFormat(locale, { style: "percent" }).format(0.5);
      new Intl.PluralRules(locale).select(1);
      new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(0);
      new Intl.DateTimeFormat(locale).format(0);
      new Intl.Collator(locale).compare("a", "b");
    } catch {
      // a browser without one of them: the page makes it (slowly) when it needs it
    }
  }
  scope.close();
};
