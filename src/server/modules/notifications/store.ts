/**
 * The bell's notifications (docs/notifications.md): `notify`, the one function other modules
 * call when something happened, and the reads and changes of GET/POST/DELETE /api/notifications.
 * A recipient is always a member of the notification's company (`notify` drops anyone else), and
 * every read or change is limited to the caller's own rows.
 */
import { and, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { NodePgQueryResultHKT } from "drizzle-orm/node-postgres";
import type { PgDatabase } from "drizzle-orm/pg-core";
import { v7 as uuidv7 } from "uuid";
import {
  NOTIFICATION_READ_RETENTION_DAYS,
  type NotificationApi,
  type NotificationType,
} from "../../../domain/notifications/types";
import { ROLES } from "../../../domain/roles";
import type * as schema from "../../db/schema";
import { companies, companyMembers, notifications, users } from "../../db/schema";
import { queuePushes } from "./push-store";

/** The database or a transaction (a notification written in the event's transaction commits with it). */
type Q = PgDatabase<NodePgQueryResultHKT, typeof schema>;

/** Who hears about an event: every member of the company, its admins, or named users (if members). */
type Recipients = "members" | "admins" | readonly string[];

export interface NotifyEvent {
  type: NotificationType;
  companyId: string;
  recipients: Recipients;
  /** The person who caused it (their name and photo are shown); null or absent: Blocklot itself. */
  authorId?: string | null;
  /** The author's name and photo when the caller has them already (no look-up then). */
  authorProfile?: { name: string; photo: string | null };
  /** What the author does, the spec's `job` ("Filing staff"). */
  job?: string | null;
  description: string;
  /** An app path to what it is about. */
  link?: string | null;
  /** Refreshes the recipient's notification with this key (unread again, newest) instead of adding one. */
  key?: string;
  /** The author is not told about their own action (default true). */
  skipAuthor?: boolean;
}

const SYSTEM_AUTHOR = "Blocklot";

async function recipientIds(q: Q, companyId: string, recipients: Recipients): Promise<string[]> {
  const base = and(eq(companyMembers.companyId, companyId), isNull(users.disabledAt));
  const where =
    recipients === "members"
      ? base
      : recipients === "admins"
        ? and(base, sql`${ROLES.COMPANY_ADMIN} = any(${companyMembers.roles})`)
        : recipients.length
          ? and(base, inArray(companyMembers.userId, [...recipients]))
          : null;
  if (!where) return [];
  const rows = await q
    .select({ id: companyMembers.userId })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(where);
  return rows.map((r) => r.id);
}

/**
 * Creates one notification per recipient of an event; answers the recipients' ids. Pass the
 * event's transaction as `q` to commit them together; the recipients' open tabs hear about it on
 * commit (the table's trigger, migration 0027).
 */
export async function notify(q: Q, event: NotifyEvent): Promise<string[]> {
  const authorId = event.authorId ?? null;
  let ids = await recipientIds(q, event.companyId, event.recipients);
  if (authorId && event.skipAuthor !== false) ids = ids.filter((id) => id !== authorId);
  if (ids.length === 0) return [];
  const [author] = !authorId
    ? []
    : event.authorProfile
      ? [event.authorProfile]
      : await q
          .select({ name: users.displayName, photo: users.photo })
          .from(users)
          .where(eq(users.id, authorId));
  // Milliseconds, like the cursor that pages by it.
  const now = new Date();
  const rows = ids.map((userId) => ({
    id: uuidv7(),
    userId,
    companyId: event.companyId,
    type: event.type,
    authorId: author ? authorId : null,
    author: author?.name ?? SYSTEM_AUTHOR,
    avatar: author?.photo ?? null,
    job: event.job ?? null,
    description: event.description,
    link: event.link ?? null,
    key: event.key ?? null,
    createdAt: now,
  }));
  const saved = { id: notifications.id, userId: notifications.userId };
  const created = event.key
    ? await q
        .insert(notifications)
        .values(rows)
        .onConflictDoUpdate({
          target: [notifications.userId, notifications.key],
          targetWhere: isNotNull(notifications.key),
          // the refreshed notification speaks for the newest event: its author too
          set: {
            authorId: sql`excluded.author_id`,
            author: sql`excluded.author`,
            avatar: sql`excluded.avatar`,
            job: sql`excluded.job`,
            description: sql`excluded.description`,
            link: sql`excluded.link`,
            createdAt: sql`excluded.created_at`,
            readAt: null,
            removedAt: null,
          },
        })
        .returning(saved)
    : await q.insert(notifications).values(rows).returning(saved);
  // Each recipient's devices get a push (docs/notifications.md "Web Push"), queued in the same transaction.
  await queuePushes(q, event.type, created);
  return ids;
}

/** A page's position: the last row's createdAt (ms) and id, as "<ms>.<id>". */
export function encodeCursor(row: { createdAt: Date; id: string }): string {
  return `${row.createdAt.getTime()}.${row.id}`;
}

export function decodeCursor(cursor: string): { at: Date; id: string } | null {
  const m = /^(\d{1,15})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(cursor);
  if (!m?.[1] || !m[2]) return null;
  return { at: new Date(Number(m[1])), id: m[2] };
}

/**
 * The user's own notifications, of companies they are still a member of: one removed from a
 * company no longer sees what its notifications said. Removed ones too (for their undo) with
 * `withRemoved`; otherwise those are hidden.
 */
function visibleTo(q: Q, userId: string, withRemoved = false) {
  return and(
    eq(notifications.userId, userId),
    withRemoved ? undefined : isNull(notifications.removedAt),
    inArray(
      notifications.companyId,
      q
        .select({ id: companyMembers.companyId })
        .from(companyMembers)
        .where(eq(companyMembers.userId, userId)),
    ),
  );
}

const mine = (q: Q, userId: string, id: string) => and(visibleTo(q, userId), eq(notifications.id, id));

/** The user's notifications, newest first, `limit` of them after `after`; plus one to tell if more follow. */
export async function listNotifications(
  q: Q,
  userId: string,
  opts: { limit: number; after: { at: Date; id: string } | null; unreadOnly?: boolean },
): Promise<{ items: NotificationApi[]; next: { createdAt: Date; id: string } | null }> {
  const { after } = opts;
  const rows = await q
    .select({ n: notifications, company: companies.name })
    .from(notifications)
    .innerJoin(companies, eq(companies.id, notifications.companyId))
    .where(
      and(
        visibleTo(q, userId),
        opts.unreadOnly ? isNull(notifications.readAt) : undefined,
        after
          ? or(
              lt(notifications.createdAt, after.at),
              and(eq(notifications.createdAt, after.at), lt(notifications.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(opts.limit + 1);
  const page = rows.slice(0, opts.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ n, company }) => ({
      id: n.id,
      type: n.type as NotificationType,
      createdAt: n.createdAt.toISOString(),
      author: n.author,
      avatar: n.avatar,
      job: n.job,
      company,
      companyId: n.companyId,
      description: n.description,
      link: n.link,
      read: n.readAt !== null,
    })),
    next: rows.length > opts.limit && last ? { createdAt: last.n.createdAt, id: last.n.id } : null,
  };
}

export async function unreadCount(q: Q, userId: string): Promise<number> {
  const [row] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(visibleTo(q, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks one of the user's notifications read; false when the user has no such notification. */
export async function markRead(q: Q, userId: string, id: string): Promise<boolean> {
  const [row] = await q
    .select({ readAt: notifications.readAt })
    .from(notifications)
    .where(mine(q, userId, id));
  if (!row) return false;
  if (!row.readAt)
    await q
      .update(notifications)
      .set({ readAt: new Date() })
      .where(mine(q, userId, id));
  return true;
}

/** Marks every unread notification of the user read; answers how many changed. */
export async function markAllRead(q: Q, userId: string): Promise<number> {
  const changed = await q
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(visibleTo(q, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return changed.length;
}

/**
 * Removes one of the user's notifications: hidden from every list and count at once, kept for
 * its undo (`restoreNotification`) until the prune deletes it. False when the user has no such
 * notification (or it is already removed).
 */
export async function removeNotification(q: Q, userId: string, id: string): Promise<boolean> {
  const gone = await q
    .update(notifications)
    .set({ removedAt: new Date() })
    .where(mine(q, userId, id))
    .returning({ id: notifications.id });
  return gone.length > 0;
}

/**
 * Brings back a notification the user removed, at its place (its date is unchanged); again, or
 * on one never removed, is harmless. False when the user has no such notification (another
 * user's, one of a company they left, or one already pruned).
 */
export async function restoreNotification(q: Q, userId: string, id: string): Promise<boolean> {
  const [row] = await q
    .select({ removedAt: notifications.removedAt })
    .from(notifications)
    .where(and(visibleTo(q, userId, true), eq(notifications.id, id)));
  if (!row) return false;
  if (row.removedAt)
    await q
      .update(notifications)
      .set({ removedAt: null })
      .where(and(visibleTo(q, userId, true), eq(notifications.id, id)));
  return true;
}

/** How long a removed notification can still be brought back (at least; the prune runs daily). */
const REMOVED_KEPT_MS = 86_400_000;

/**
 * Deletes read notifications older than the retention (90 days) and removed ones past their
 * undo (a day); answers how many.
 */
export async function pruneReadNotifications(q: Q, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - NOTIFICATION_READ_RETENTION_DAYS * 86_400_000);
  const removedBefore = new Date(now.getTime() - REMOVED_KEPT_MS);
  const gone = await q
    .delete(notifications)
    .where(
      or(
        and(isNotNull(notifications.readAt), lt(notifications.createdAt, before)),
        lt(notifications.removedAt, removedBefore),
      ),
    )
    .returning({ id: notifications.id });
  return gone.length;
}

/**
 * A notification as its push shows it, while its recipient is still a member of its company (one
 * who left is told nothing more about it); null when it is gone.
 */
export async function notificationForPush(q: Q, id: string) {
  const [row] = await q
    .select({
      userId: notifications.userId,
      company: companies.name,
      description: notifications.description,
      link: notifications.link,
      key: notifications.key,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .innerJoin(companies, eq(companies.id, notifications.companyId))
    .innerJoin(
      companyMembers,
      and(
        eq(companyMembers.companyId, notifications.companyId),
        eq(companyMembers.userId, notifications.userId),
      ),
    )
    .where(and(eq(notifications.id, id), isNull(notifications.removedAt)));
  return row ?? null;
}
