/**
 * The calendar's synced type (src/domain/sync/entity.ts, docs/offline.md "How to add a synced
 * type"): a company's events. Private events are records of the company that only their owner
 * reads (the server filters its routes and the feed; docs/calendar.md "Private events").
 */
import { defineSyncedType } from "../sync/entity";
import { CALENDAR_EVENT_FIELDS } from "./event";

export const CALENDAR_EVENT_TYPE = defineSyncedType({
  entity: "calendar-event",
  path: "/api/calendar/events",
  fields: CALENDAR_EVENT_FIELDS,
  scope: "company",
  localTable: "calendarEvents",
});
