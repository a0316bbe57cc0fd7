/**
 * Calendar events on the server (domain/calendar, docs/calendar.md): a SyncKind of the sync module
 * (modules/sync/store.ts) whose private events only their owner reads — the routes answer 404 to
 * everyone else and the feed sends them a tombstone.
 */
import { and, asc, eq, isNull, or, type SQL } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import {
  CALENDAR_EVENT_FIELDS,
  type CalendarEvent,
  type CalendarEventFields,
  canSee,
} from "../../../domain/calendar/event";
import { CALENDAR_EVENT_TYPE } from "../../../domain/calendar/synced-types";
import { validateEventFields } from "../../../domain/calendar/validate";
import type { Db } from "../../db/client";
import { calendarEvents, calendarFeedTokens, companies, companyMembers } from "../../db/schema";
import { httpError } from "../../plugins/errors";
import type { SyncKind } from "../sync/store";

type Row = typeof calendarEvents.$inferSelect;

const eventToApi = (r: Row): CalendarEvent => ({
  id: r.id,
  companyId: r.companyId,
  ownerId: r.ownerId,
  version: r.version,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  title: r.title,
  description: r.description,
  start: r.start,
  end: r.end,
  allDay: r.allDay,
  colour: r.colour as CalendarEvent["colour"],
  visibility: r.visibility as CalendarEvent["visibility"],
});

/** The rows `readerId` sees: the company's events and their own private ones. */
const visibleTo = (readerId: string): SQL =>
  or(eq(calendarEvents.visibility, "company"), eq(calendarEvents.ownerId, readerId)) as SQL;

export const EVENT: SyncKind<CalendarEventFields, CalendarEvent> = {
  decl: CALENDAR_EVENT_TYPE,
  label: "Event",
  table: calendarEvents,
  toApi: eventToApi as (row: never) => CalendarEvent,
  defaults: { description: "", allDay: false, colour: "blue", visibility: "company" },
  fieldsOf: (api) =>
    Object.fromEntries(CALENDAR_EVENT_FIELDS.map((k) => [k, api[k]])) as unknown as CalendarEventFields,
  columns: (f) => ({ ...f }),
  validate: (f, partial) => validateEventFields(f, partial),
  // A PATCH of one bound (a drag) is checked against the other bound it keeps.
  async check(_tx, _companyId, _id, f, changed) {
    if (changed && !changed.has("start") && !changed.has("end") && !changed.has("allDay")) return;
    const errors = validateEventFields(f);
    const first = Object.entries(errors)[0];
    if (first) throw httpError(400, `${first[0]}: ${first[1]}`, { errors });
  },
  visibility: {
    where: (_table, readerId) => visibleTo(readerId),
    sees: (row, readerId) =>
      canSee(
        { visibility: row.visibility as CalendarEvent["visibility"], ownerId: row.ownerId as string | null },
        readerId,
      ),
  },
};

/** The company's live events the reader sees, by start (the list route and the ICS feed). */
export async function listEvents(db: Db, companyId: string, readerId: string): Promise<CalendarEvent[]> {
  const rows = await db
    .select()
    .from(calendarEvents)
    .where(
      and(eq(calendarEvents.companyId, companyId), isNull(calendarEvents.deletedAt), visibleTo(readerId)),
    )
    .orderBy(asc(calendarEvents.start));
  return rows.map(eventToApi);
}

/** A member's ICS feed token row for a company (only the token's hash is stored). */
export async function feedOf(db: Db, userId: string, companyId: string) {
  const [row] = await db
    .select()
    .from(calendarFeedTokens)
    .where(and(eq(calendarFeedTokens.userId, userId), eq(calendarFeedTokens.companyId, companyId)));
  return row;
}

/** Makes or replaces the member's feed token; answers when it was made. */
export async function saveFeedToken(
  db: Db,
  userId: string,
  companyId: string,
  tokenHash: string,
): Promise<Date> {
  const [row] = await db
    .insert(calendarFeedTokens)
    .values({ id: uuidv7(), userId, companyId, tokenHash })
    .onConflictDoUpdate({
      target: [calendarFeedTokens.userId, calendarFeedTokens.companyId],
      set: { tokenHash, createdAt: new Date() },
    })
    .returning();
  return (row as { createdAt: Date }).createdAt;
}

export async function deleteFeedToken(db: Db, userId: string, companyId: string) {
  await db
    .delete(calendarFeedTokens)
    .where(and(eq(calendarFeedTokens.userId, userId), eq(calendarFeedTokens.companyId, companyId)));
}

/** The member and company of a feed token, while the member still belongs to the company. */
export async function feedByHash(db: Db, tokenHash: string) {
  const [found] = await db
    .select({
      userId: calendarFeedTokens.userId,
      companyId: calendarFeedTokens.companyId,
      name: companies.name,
    })
    .from(calendarFeedTokens)
    .innerJoin(companies, eq(companies.id, calendarFeedTokens.companyId))
    .innerJoin(
      companyMembers,
      and(
        eq(companyMembers.companyId, calendarFeedTokens.companyId),
        eq(companyMembers.userId, calendarFeedTokens.userId),
      ),
    )
    .where(eq(calendarFeedTokens.tokenHash, tokenHash));
  return found;
}
