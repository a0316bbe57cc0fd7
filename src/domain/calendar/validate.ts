/** Calendar events' field rules (event.ts), shared by the screen and the server. Answers field → message. */

import { isDay } from "./day";
import {
  type CalendarEventFields,
  DATE_MAX,
  DATE_MIN,
  EVENT_COLOURS,
  CALENDAR_LIMITS as L,
  VISIBILITIES,
} from "./event";

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** An instant with its offset (`2026-06-01T09:00:00Z`, `…+02:00`). */
const isInstant = (v: unknown): v is string =>
  typeof v === "string" && INSTANT.test(v) && !Number.isNaN(Date.parse(v));

/** The calendar date an event bound falls on (in UTC for an instant), to check the spec's range. */
const dayOf = (v: string) => (isDay(v) ? v : new Date(v).toISOString().slice(0, 10));

function bound(errors: Record<string, string>, key: "start" | "end", v: unknown, allDay: boolean) {
  if (allDay ? !isDay(v) : !isInstant(v)) {
    errors[key] = allDay ? "A date as YYYY-MM-DD" : "A date and time with its offset (ISO 8601)";
    return false;
  }
  const day = dayOf(v as string);
  if (day < DATE_MIN || day > (key === "end" && allDay ? "2100-01-01" : DATE_MAX)) {
    errors[key] = `Between ${DATE_MIN} and ${DATE_MAX}`;
    return false;
  }
  return true;
}

/**
 * The rules of an event's fields. `partial` (a PATCH): only the fields given are checked, except
 * that start, end and allDay are checked together whenever one of them is given — the server
 * passes the fields after the change for that (store.ts `check`).
 */
export function validateEventFields(
  f: Partial<CalendarEventFields>,
  partial = false,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const has = (k: keyof CalendarEventFields) => !partial || k in f;
  if (has("title")) {
    if (typeof f.title !== "string" || f.title.trim() === "") errors.title = "Required";
    else if (f.title.length > L.titleMax) errors.title = `At most ${L.titleMax} characters`;
  }
  if (has("description") && (f.description ?? "").length > L.descriptionMax)
    errors.description = `At most ${L.descriptionMax} characters`;
  if (has("colour") && !EVENT_COLOURS.includes(f.colour as never))
    errors.colour = `One of ${EVENT_COLOURS.join(", ")}`;
  if (has("visibility") && !VISIBILITIES.includes(f.visibility as never))
    errors.visibility = "company or private";
  if (has("allDay") && typeof f.allDay !== "boolean") errors.allDay = "true or false";
  if (!partial || "start" in f || "end" in f || "allDay" in f) {
    if (typeof f.allDay === "boolean" && "start" in f && "end" in f) {
      const ok = bound(errors, "start", f.start, f.allDay) && bound(errors, "end", f.end, f.allDay);
      const later = f.allDay
        ? (f.end as string) > (f.start as string)
        : Date.parse(f.end as string) > Date.parse(f.start as string);
      if (ok && !later) errors.end = "After the start";
    } else if (!partial) errors.start = "Required";
  }
  return errors;
}
