/**
 * A member's calendar as iCalendar text (RFC 5545) through ical-generator: their events (the
 * company's and their own private ones) and the company's product dates as all-day events. Line
 * folding, escaping and DTSTART/DTEND value types are the library's.
 */
import ical, { ICalCalendarMethod, ICalEventClass } from "ical-generator";
import type { CalendarEvent } from "../../../domain/calendar/event";
import { type ProductDate, productDateTitle } from "../../../domain/calendar/product-dates";

/** A `YYYY-MM-DD` day as the Date ical-generator writes back as that DATE (it reads all-day dates in UTC). */
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const nextDay = (iso: string) => new Date(day(iso).getTime() + 86_400_000);

export function calendarIcs(opts: {
  name: string;
  publicUrl: string;
  events: readonly CalendarEvent[];
  dates: readonly ProductDate[];
}): string {
  const host = new URL(opts.publicUrl).hostname;
  const cal = ical({
    name: opts.name,
    prodId: { company: "Blocklot", product: "Calendar", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
  });
  for (const e of opts.events)
    cal.createEvent({
      id: `${e.id}@${host}`,
      summary: e.title,
      description: e.description || undefined,
      start: e.allDay ? day(e.start) : new Date(e.start),
      end: e.allDay ? day(e.end) : new Date(e.end),
      allDay: e.allDay,
      stamp: new Date(e.updatedAt),
      class: e.visibility === "private" ? ICalEventClass.PRIVATE : ICalEventClass.PUBLIC,
      url: `${opts.publicUrl}/dashboard/calendar`,
    });
  for (const d of opts.dates)
    cal.createEvent({
      id: `${d.id}@${host}`,
      summary: productDateTitle(d),
      start: day(d.date),
      end: nextDay(d.date),
      allDay: true,
      url: `${opts.publicUrl}${d.link}`,
    });
  return cal.toString();
}
