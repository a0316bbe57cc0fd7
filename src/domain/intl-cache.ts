/**
 * Intl formatters, made once per locale and options. Making one costs a good part of a
 * millisecond (far more on a slow phone), and a list formats a date or an amount per row on every
 * render: the properties page made two per property row (docs/benchmarks.md, issue 19).
 */
const numbers = new Map<string, Intl.NumberFormat>();
const dates = new Map<string, Intl.DateTimeFormat>();

const keyOf = (locale: string | undefined, options: object | undefined) =>
  `${locale ?? ""}|${options ? JSON.stringify(options) : ""}`;

export function numberFormat(locale?: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = keyOf(locale, options);
  let f = numbers.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    numbers.set(key, f);
  }
  return f;
}

export function dateTimeFormat(locale?: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = keyOf(locale, options);
  let f = dates.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    dates.set(key, f);
  }
  return f;
}
