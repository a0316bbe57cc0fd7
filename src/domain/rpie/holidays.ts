import { addDays, toIso, utcDate } from "./dates";

/**
 * New York State public holidays (General Construction Law §24) with the usual observed
 * rule: a holiday on a Saturday is observed the Friday before, one on a Sunday the
 * Monday after. Both the actual date and the observed date count as non-business days.
 */
export interface Holiday {
  name: string;
  /** The calendar date, YYYY-MM-DD. */
  date: string;
  /** The weekday it is observed on (equal to date unless it falls on a weekend). */
  observed: string;
}

/** The n-th (1-based) weekday (0 = Sunday) of a month; n = -1 for the last. */
function nthWeekday(year: number, month: number, weekday: number, n: number): Date {
  if (n > 0) {
    const first = utcDate(year, month, 1);
    const offset = (weekday - first.getUTCDay() + 7) % 7;
    return addDays(first, offset + (n - 1) * 7);
  }
  const last = utcDate(year, month + 1, 0);
  const offset = (last.getUTCDay() - weekday + 7) % 7;
  return addDays(last, -offset);
}

function observedDate(d: Date): Date {
  const day = d.getUTCDay();
  if (day === 6) return addDays(d, -1);
  if (day === 0) return addDays(d, 1);
  return d;
}

/** Election Day: the Tuesday after the first Monday of November. */
const electionDay = (year: number) => addDays(nthWeekday(year, 11, 1, 1), 1);

export function nyPublicHolidays(year: number): Holiday[] {
  const list: Array<[string, Date]> = [
    ["New Year's Day", utcDate(year, 1, 1)],
    ["Martin Luther King Jr. Day", nthWeekday(year, 1, 1, 3)],
    ["Lincoln's Birthday", utcDate(year, 2, 12)],
    ["Washington's Birthday", nthWeekday(year, 2, 1, 3)],
    ["Memorial Day", nthWeekday(year, 5, 1, -1)],
    ["Juneteenth", utcDate(year, 6, 19)],
    ["Independence Day", utcDate(year, 7, 4)],
    ["Labor Day", nthWeekday(year, 9, 1, 1)],
    ["Columbus Day", nthWeekday(year, 10, 1, 2)],
    ["Election Day", electionDay(year)],
    ["Veterans Day", utcDate(year, 11, 11)],
    ["Thanksgiving Day", nthWeekday(year, 11, 4, 4)],
    ["Christmas Day", utcDate(year, 12, 25)],
  ];
  return list.map(([name, date]) => ({ name, date: toIso(date), observed: toIso(observedDate(date)) }));
}

/** Every date that is not a business day because of a holiday (actual and observed), around `year`. */
function holidayDates(year: number): Set<string> {
  const out = new Set<string>();
  // New Year's Day of the next year can be observed on December 31.
  for (const y of [year - 1, year, year + 1]) {
    for (const h of nyPublicHolidays(y)) {
      out.add(h.date);
      out.add(h.observed);
    }
  }
  return out;
}

export function isBusinessDay(iso: string): boolean {
  const d = new Date(`${iso}T00:00:00Z`);
  const day = d.getUTCDay();
  if (day === 0 || day === 6) return false;
  return !holidayDates(d.getUTCFullYear()).has(iso);
}

/** The date itself when it is a business day, otherwise the next business day after it. */
export function nextBusinessDay(iso: string): string {
  let d = new Date(`${iso}T00:00:00Z`);
  while (!isBusinessDay(toIso(d))) d = addDays(d, 1);
  return toIso(d);
}
