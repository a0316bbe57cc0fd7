/**
 * Between an event's stored bounds and what the form shows: all-day events keep days with an
 * exclusive end (shown inclusive: "June 3 – June 4" is stored 06-03 … 06-05), timed events keep
 * UTC instants (shown in the device's time zone as `YYYY-MM-DD HH:mm:ss`).
 */
import dayjs from "dayjs";
import type { CalendarEventFields, EventColour, Visibility } from "../../../domain/calendar/event";

export interface EventFormValues {
  title: string;
  description: string;
  allDay: boolean;
  /** All-day: `YYYY-MM-DD`; timed: local `YYYY-MM-DD HH:mm:ss`. */
  start: string | null;
  /** All-day: the last day (inclusive); timed: local end. */
  end: string | null;
  colour: EventColour;
  visibility: Visibility;
}

const LOCAL = "YYYY-MM-DD HH:mm:ss";
const DAY = "YYYY-MM-DD";

/** A selection or stored bounds → the form's fields. */
export function boundsToForm(
  start: string,
  end: string,
  allDay: boolean,
): Pick<EventFormValues, "start" | "end"> {
  if (allDay)
    return { start: start.slice(0, 10), end: dayjs(end.slice(0, 10)).subtract(1, "day").format(DAY) };
  return { start: dayjs(start).format(LOCAL), end: dayjs(end).format(LOCAL) };
}

/** The form's bounds → stored bounds (null when one is missing). */
export function formToBounds(
  v: Pick<EventFormValues, "start" | "end" | "allDay">,
): { start: string; end: string } | null {
  if (!v.start || !v.end) return null;
  if (v.allDay)
    return { start: v.start.slice(0, 10), end: dayjs(v.end.slice(0, 10)).add(1, "day").format(DAY) };
  return { start: dayjs(v.start).toISOString(), end: dayjs(v.end).toISOString() };
}

/** Switching all-day on or off keeps the same days (a timed event gets 09:00–10:00). */
export function toggleAllDay(v: EventFormValues, allDay: boolean): EventFormValues {
  const startDay = (v.start ?? dayjs().format(DAY)).slice(0, 10);
  const endDay = (v.end ?? startDay).slice(0, 10);
  return allDay
    ? { ...v, allDay, start: startDay, end: endDay }
    : {
        ...v,
        allDay,
        start: `${startDay} 09:00:00`,
        end: `${startDay === endDay ? startDay : endDay} 10:00:00`,
      };
}

export function formToFields(v: EventFormValues): CalendarEventFields | null {
  const bounds = formToBounds(v);
  if (!bounds) return null;
  return {
    title: v.title.trim(),
    description: v.description,
    allDay: v.allDay,
    colour: v.colour,
    visibility: v.visibility,
    ...bounds,
  };
}
