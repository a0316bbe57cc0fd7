/**
 * Intl formatters, made once per locale and options. Making one costs a good part of a
 * millisecond (far more on a slow phone), and a list formats a date or an amount per row on every
 * render: the properties page made two per property row (docs/benchmarks.md, issue 19).
 */
function cachedBy<O extends object, F>(make: (locale?: string, options?: O) => F) {
  const made = new Map<string, F>();
  return (locale?: string, options?: O): F => {
    const key = `${locale ?? ""}|${options ? JSON.stringify(options) : ""}`;
    let f = made.get(key);
    if (!f) {
      f = make(locale, options);
      made.set(key, f);
    }
    return f;
  };
}

export const numberFormat = cachedBy(
  (locale?: string, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options),
);

export const dateTimeFormat = cachedBy(
  (locale?: string, options?: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options),
);
