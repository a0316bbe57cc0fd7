/** Calendar dates as "YYYY-MM-DD" strings, computed in UTC so no time zone can shift a day. */

export const toIso = (d: Date): string => d.toISOString().slice(0, 10);

import { dateTimeFormat } from "../intl-cache";

export const utcDate = (year: number, month: number, day: number): Date =>
  new Date(Date.UTC(year, month - 1, day));

export function fromIso(iso: string): Date {
  const [y, m, d] = iso.split("-").map(Number);
  return utcDate(y ?? 0, m ?? 1, d ?? 1);
}

export const addDays = (d: Date, days: number): Date => new Date(d.getTime() + days * 86_400_000);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((fromIso(to).getTime() - fromIso(from).getTime()) / 86_400_000);

/** Today's date in New York, where the deadline is counted. */
export function todayInNewYork(now: Date = new Date()): string {
  const parts = dateTimeFormat("en-CA", {
    timeZone: "America/New_York",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
  return parts; // en-CA formats as YYYY-MM-DD
}
