import { numberFormat } from "../../../domain/intl-cache";
/** A file size for people: "812 B", "14 kB", "3.5 MB", in the reader's locale. */
export function formatSize(bytes: number, locale: string): string {
  if (bytes < 1000) return `${numberFormat(locale).format(bytes)} B`;
  const units = [
    ["kilobyte", 1000],
    ["megabyte", 1000 ** 2],
    ["gigabyte", 1000 ** 3],
  ] as const;
  let unit: (typeof units)[number] = units[0];
  for (const u of units) if (bytes >= u[1]) unit = u;
  const value = bytes / unit[1];
  return numberFormat(locale, {
    style: "unit",
    unit: unit[0],
    unitDisplay: "short",
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}
