/** Numbers, money and dates of the sample pages in the reader's language. */
import { useLingui } from "@lingui/react/macro";

export function useSampleFormat() {
  const { i18n } = useLingui();
  return {
    usd: (n: number, digits = 2) =>
      i18n.number(n, {
        style: "currency",
        currency: "USD",
        maximumFractionDigits: digits,
        minimumFractionDigits: digits,
      }),
    number: (n: number) => i18n.number(n),
    percent: (n: number) =>
      i18n.number(n / 100, { style: "percent", signDisplay: "exceptZero", maximumFractionDigits: 1 }),
    date: (iso: string) => i18n.date(iso, { dateStyle: "medium", timeZone: "UTC" }),
    dateTime: (iso: string) =>
      i18n.date(iso, { dateStyle: "medium", timeStyle: "short", timeZone: "America/New_York" }),
  };
}
