/**
 * Calendar events (issue 14, docs/calendar.md): a company's events, each visible to the whole
 * company or private to the member who made it (its owner). All-day events keep calendar dates
 * (`YYYY-MM-DD`), timed events instants (ISO 8601 with offset); `end` is exclusive, as in
 * iCalendar (RFC 5545 DTEND) and the calendar screen.
 */

export const CALENDAR_LIMITS = {
  titleMax: 300,
  descriptionMax: 10_000,
} as const;

/** Spec section 9: date pickers and events stay between these dates. */
export const DATE_MIN = "1900-01-01";
export const DATE_MAX = "2099-12-31";

export const VISIBILITIES = ["company", "private"] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/** The colours an event may take: Mantine theme colour names (the screen maps them to tokens). */
export const EVENT_COLOURS = ["blue", "teal", "green", "yellow", "orange", "red", "grape", "gray"] as const;
export type EventColour = (typeof EVENT_COLOURS)[number];

export interface CalendarEventFields {
  title: string;
  description: string;
  start: string;
  end: string;
  allDay: boolean;
  colour: EventColour;
  visibility: Visibility;
}

export interface CalendarEvent extends CalendarEventFields {
  id: string;
  companyId: string;
  /** The member who made it: the only one who sees it while it is private. */
  ownerId: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export const CALENDAR_EVENT_FIELDS = [
  "title",
  "description",
  "start",
  "end",
  "allDay",
  "colour",
  "visibility",
] as const satisfies readonly (keyof CalendarEventFields)[];

/** Whether `reader` sees the event: company events every member, private ones their owner. */
export const canSee = (e: Pick<CalendarEvent, "visibility" | "ownerId">, readerId: string) =>
  e.visibility === "company" || e.ownerId === readerId;
