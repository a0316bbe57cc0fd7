/**
 * Chat's data (docs/chat.md): who may see a thread, the thread lists with unread counts, the
 * messages paged and caught up by the thread's counter, posting (idempotent by the sender's key),
 * editing and deleting one's last message, read places. Every query here is scoped by the caller
 * the routes pass in; the routes decide what the caller may do.
 */
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, ilike, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import {
  CHAT_MESSAGES_PAGE,
  type ChatContact,
  type ChatMessageApi,
  type ChatReaderApi,
  type ChatThreadApi,
  type ChatThreadKind,
} from "../../../domain/chat/types";
import { effectiveRoles, ROLES } from "../../../domain/roles";
import type { Db } from "../../db/client";
import { chatMessages, chatReads, chatThreads, companies, companyMembers, users } from "../../db/schema";
import { containsPattern } from "../../plugins/paged-list";

/** The caller as chat sees them, read from the database (not from the token). */
export interface ChatViewer {
  userId: string;
  name: string;
  /** Their photo, as a notification of what they wrote shows it. */
  photo: string | null;
  /** Companies the caller is a member of. */
  companyIds: string[];
  /** Thread kinds the caller serves as staff: super admins both, marketplace staff the support kind. */
  staffKinds: ChatThreadKind[];
}

const viewerColumns = {
  name: users.displayName,
  photo: users.photo,
  roles: users.roles,
  disabledAt: users.disabledAt,
  companyIds: sql<string[] | null>`(select json_agg(${companyMembers.companyId})
    from ${companyMembers} where ${companyMembers.userId} = ${users.id})`,
};

function toViewer(
  userId: string,
  me:
    | {
        name: string;
        photo: string | null;
        roles: string[];
        disabledAt: Date | null;
        companyIds: string[] | null;
      }
    | undefined,
): ChatViewer | null {
  if (!me || me.disabledAt) return null;
  const roles = effectiveRoles(me.roles);
  const staffKinds: ChatThreadKind[] = roles.has(ROLES.SUPER_ADMIN)
    ? ["user", "support-marketplace"]
    : roles.has(ROLES.MARKETPLACE)
      ? ["support-marketplace"]
      : [];
  return { userId, name: me.name, photo: me.photo, companyIds: me.companyIds ?? [], staffKinds };
}

/** The caller and their memberships in one statement. */
export async function loadViewer(db: Db, userId: string): Promise<ChatViewer | null> {
  const [me] = await db.select(viewerColumns).from(users).where(eq(users.id, userId));
  return toViewer(userId, me);
}

type ThreadRow = typeof chatThreads.$inferSelect;

/** How the viewer reaches a thread: as a member of its company, as staff of its area, or not at all. */
export function accessTo(viewer: ChatViewer, thread: Pick<ThreadRow, "companyId" | "kind">) {
  if (viewer.companyIds.includes(thread.companyId)) return "member" as const;
  if (viewer.staffKinds.includes(thread.kind as ChatThreadKind)) return "staff" as const;
  return null;
}

/**
 * The caller (as loadViewer) and the thread by id or hash (null when there is none) in one
 * statement: every thread route starts here.
 */
export async function viewerAndThread(
  db: Db,
  userId: string,
  by: { id: string } | { hash: string },
): Promise<{ viewer: ChatViewer | null; thread: ThreadRow | null }> {
  const [row] = await db
    .select({ me: viewerColumns, thread: chatThreads })
    .from(users)
    .leftJoin(chatThreads, "id" in by ? eq(chatThreads.id, by.id) : eq(chatThreads.hash, by.hash))
    .where(eq(users.id, userId));
  return { viewer: toViewer(userId, row?.me), thread: row?.thread ?? null };
}

/** Threads by id (those that exist). */
export async function threadsByIds(db: Db, ids: readonly string[]): Promise<ThreadRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(chatThreads)
    .where(inArray(chatThreads.id, [...ids]));
}

const newHash = () => randomBytes(12).toString("base64url");

/** Threads visible in a list, with the viewer's unread count and the last message. */
async function threadsWhere(
  db: Db,
  viewerId: string,
  where: SQL | undefined,
  limit: number,
  offset = 0,
): Promise<ChatThreadApi[]> {
  const unread = sql<number>`(select count(*)::int from ${chatMessages} m
    where m.thread_id = ${chatThreads.id} and m.deleted_at is null
      and m.author_id is distinct from ${viewerId}::uuid
      and m.seq > coalesce((select r.seen_seq from ${chatReads} r
        where r.thread_id = ${chatThreads.id} and r.user_id = ${viewerId}::uuid), 0))`;
  const last = sql<{ body: string; author: string; createdAt: string } | null>`(select json_build_object(
      'body', m.body, 'author', m.author, 'createdAt', m.created_at)
    from ${chatMessages} m where m.thread_id = ${chatThreads.id} and m.deleted_at is null
    order by m.seq desc limit 1)`;
  const rows = await db
    .select({
      t: chatThreads,
      companyName: companies.name,
      assignee: users.displayName,
      unread,
      last,
    })
    .from(chatThreads)
    .innerJoin(companies, eq(companies.id, chatThreads.companyId))
    .leftJoin(users, eq(users.id, chatThreads.assignedTo))
    .where(where)
    .orderBy(desc(chatThreads.updatedAt), desc(chatThreads.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ t, companyName, assignee, unread, last }) => ({
    id: t.id,
    hash: t.hash,
    kind: t.kind as ChatThreadKind,
    companyId: t.companyId,
    companyName,
    subject: t.subject,
    assignedTo: t.assignedTo && assignee ? { id: t.assignedTo, name: assignee } : null,
    unreadCount: Number(unread),
    lastMessage: last
      ? { body: last.body, author: last.author, createdAt: new Date(last.createdAt).toISOString() }
      : null,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  }));
}

/** The threads of the viewer's companies, newest first. */
export function listMyThreads(db: Db, viewer: ChatViewer, limit = 200): Promise<ChatThreadApi[]> {
  if (viewer.companyIds.length === 0) return Promise.resolve([]);
  return threadsWhere(db, viewer.userId, inArray(chatThreads.companyId, viewer.companyIds), limit);
}

/** One thread as a list shows it. */
export async function threadApi(db: Db, viewerId: string, threadId: string): Promise<ChatThreadApi | null> {
  const [row] = await threadsWhere(db, viewerId, eq(chatThreads.id, threadId), 1);
  return row ?? null;
}

/** Staff's list: the threads of their areas, newest first, `size` per page (page from 0), searched. */
export async function listStaffThreads(
  db: Db,
  viewer: ChatViewer,
  opts: { page: number; size: number; query?: string; kind?: ChatThreadKind },
): Promise<{ items: ChatThreadApi[]; hasMore: boolean }> {
  const kinds = opts.kind ? viewer.staffKinds.filter((k) => k === opts.kind) : viewer.staffKinds;
  if (kinds.length === 0) return { items: [], hasMore: false };
  const q = opts.query?.trim();
  const where = and(
    inArray(chatThreads.kind, kinds),
    q
      ? or(
          ilike(chatThreads.subject, containsPattern(q)),
          ilike(companies.name, containsPattern(q)),
          eq(chatThreads.hash, q),
        )
      : undefined,
  );
  const rows = await threadsWhere(db, viewer.userId, where, opts.size + 1, opts.page * opts.size);
  return { items: rows.slice(0, opts.size), hasMore: rows.length > opts.size };
}

export async function createThread(
  db: Db,
  input: { companyId: string; kind: ChatThreadKind; subject: string; createdBy: string },
): Promise<ThreadRow> {
  const [row] = await db
    .insert(chatThreads)
    .values({ id: uuidv7(), hash: newHash(), ...input })
    .returning();
  if (!row) throw new Error("chat thread not created");
  return row;
}

export async function companyExists(db: Db, companyId: string): Promise<boolean> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  return !!row;
}

/** The company's one support-marketplace thread, created on first use. */
export async function supportThread(db: Db, companyId: string, createdBy: string): Promise<ThreadRow> {
  await db
    .insert(chatThreads)
    .values({
      id: uuidv7(),
      hash: newHash(),
      companyId,
      kind: "support-marketplace",
      subject: "Marketplace support",
      createdBy,
    })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(chatThreads)
    .where(and(eq(chatThreads.companyId, companyId), eq(chatThreads.kind, "support-marketplace")));
  if (!row) throw new Error("support thread missing");
  return row;
}

export async function assignThread(db: Db, threadId: string, userId: string | null): Promise<void> {
  await db.update(chatThreads).set({ assignedTo: userId }).where(eq(chatThreads.id, threadId));
}

export type MessageRow = typeof chatMessages.$inferSelect;

export function messageApi(m: MessageRow): ChatMessageApi {
  return {
    id: m.id,
    threadId: m.threadId,
    seq: m.seq,
    rev: m.rev,
    authorId: m.authorId,
    author: m.author,
    staff: m.staff,
    body: m.deletedAt ? "" : m.body,
    createdAt: m.createdAt.toISOString(),
    editedAt: m.editedAt?.toISOString() ?? null,
    deletedAt: m.deletedAt?.toISOString() ?? null,
  };
}

/** A page of messages, oldest first: the last `limit` before `before` (a seq), or all changed after `since` (a rev). */
export async function readMessages(
  db: Db,
  thread: ThreadRow,
  opts: { before?: number; since?: number; limit?: number; query?: string },
): Promise<{ items: ChatMessageApi[]; older: number | null; cursor: number }> {
  const limit = opts.limit ?? CHAT_MESSAGES_PAGE;
  const [now] = await db
    .select({ lastSeq: chatThreads.lastSeq })
    .from(chatThreads)
    .where(eq(chatThreads.id, thread.id));
  const cursor = now?.lastSeq ?? 0;
  if (opts.since !== undefined) {
    const rows = await db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.threadId, thread.id), gt(chatMessages.rev, opts.since)))
      .orderBy(asc(chatMessages.rev))
      .limit(1000);
    const top = rows.at(-1)?.rev;
    return { items: rows.map(messageApi), older: null, cursor: rows.length === 1000 && top ? top : cursor };
  }
  const rows = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.threadId, thread.id),
        opts.before !== undefined ? lt(chatMessages.seq, opts.before) : undefined,
        // Search within the thread: messages still standing whose text contains the query.
        opts.query !== undefined
          ? and(isNull(chatMessages.deletedAt), ilike(chatMessages.body, containsPattern(opts.query)))
          : undefined,
      ),
    )
    .orderBy(desc(chatMessages.seq))
    .limit(limit + 1);
  const page = rows.slice(0, limit).reverse();
  return {
    items: page.map(messageApi),
    older: rows.length > limit ? (page[0]?.seq ?? null) : null,
    cursor,
  };
}

/** The messages the author already sent with these keys, by key. */
export async function messagesByKeys(
  db: Db,
  authorId: string,
  keys: readonly string[],
): Promise<Map<string, MessageRow>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.authorId, authorId), inArray(chatMessages.clientKey, [...keys])));
  return new Map(rows.map((r) => [r.clientKey as string, r]));
}

/** The messages among `ids` that exist, by id (a device's ids for messages it sends again). */
export async function messagesByIds(db: Db, ids: readonly string[]): Promise<Map<string, MessageRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(chatMessages)
    .where(inArray(chatMessages.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Takes the thread's next `count` numbers under its row lock (numbers follow commit order) and
 * touches it; answers the last of them.
 */
async function nextSeq(tx: Db, threadId: string, touch: boolean, count = 1): Promise<number> {
  const [row] = await tx
    .update(chatThreads)
    .set({ lastSeq: sql`${chatThreads.lastSeq} + ${count}`, ...(touch ? { updatedAt: sql`now()` } : {}) })
    .where(eq(chatThreads.id, threadId))
    .returning({ seq: chatThreads.lastSeq });
  if (!row) throw new Error("chat thread gone");
  return row.seq;
}

/** Thrown inside postMessages' transaction to roll it back: a key was taken. */
class KeyTaken extends Error {}

/** A message to add: its thread, its text, the author's key for it, and whether they write as staff. */
interface NewMessage {
  /** The device's id for the message; the server chooses one without it. */
  id?: string;
  threadId: string;
  staff: boolean;
  body: string;
  key?: string;
}

/**
 * Adds messages of one author, in the order given, in one transaction: each thread's numbers are
 * taken at once (threads locked in id order), the rows written by one statement, the author's own
 * place moved past them, and `within` runs in the same transaction (attachments, the bell), so
 * all of it commits together or not at all. Answers the rows in the order given; null, with
 * nothing written, when one of the keys is already on a message (a replay, or a concurrent
 * retry). The keys must differ from each other.
 */
export async function postMessages(
  db: Db,
  author: { id: string; name: string },
  items: readonly NewMessage[],
  within?: (tx: Db, rows: MessageRow[]) => Promise<void>,
): Promise<MessageRow[] | null> {
  const counts = new Map<string, number>();
  for (const m of items) counts.set(m.threadId, (counts.get(m.threadId) ?? 0) + 1);
  try {
    return await db.transaction(async (tx) => {
      const next = new Map<string, number>();
      for (const threadId of [...counts.keys()].sort()) {
        const n = counts.get(threadId) as number;
        next.set(threadId, (await nextSeq(tx, threadId, true, n)) - n + 1);
      }
      const values = items.map((m) => {
        const seq = next.get(m.threadId) as number;
        next.set(m.threadId, seq + 1);
        return {
          id: m.id ?? uuidv7(),
          threadId: m.threadId,
          seq,
          rev: seq,
          authorId: author.id,
          author: author.name,
          staff: m.staff,
          body: m.body,
          clientKey: m.key ?? null,
        };
      });
      const inserted = await tx.insert(chatMessages).values(values).onConflictDoNothing().returning();
      // the threads' numbers and times are not taken for messages that are not written
      if (inserted.length !== values.length) throw new KeyTaken();
      const byId = new Map(inserted.map((r) => [r.id, r]));
      const rows = values.map((v) => byId.get(v.id) as MessageRow);
      for (const [threadId, after] of next) await markSeen(tx, threadId, author.id, after - 1);
      await within?.(tx, rows);
      return rows;
    });
  } catch (err) {
    if (err instanceof KeyTaken) return null;
    throw err;
  }
}

/** Edits (a body) or deletes (null) a message; its rev moves on so catch-up reads carry it. */
export async function changeMessage(db: Db, message: MessageRow, body: string | null): Promise<MessageRow> {
  return db.transaction(async (tx) => {
    const rev = await nextSeq(tx, message.threadId, false);
    const [row] = await tx
      .update(chatMessages)
      .set(body === null ? { rev, deletedAt: sql`now()` } : { rev, body, editedAt: sql`now()` })
      .where(eq(chatMessages.id, message.id))
      .returning();
    if (!row) throw new Error("chat message gone");
    return row;
  });
}

export async function findMessage(db: Db, threadId: string, id: string): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.threadId, threadId), eq(chatMessages.id, id)));
  return row ?? null;
}

/** The thread's newest message that is not deleted. */
export async function lastMessage(db: Db, threadId: string): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.threadId, threadId), isNull(chatMessages.deletedAt)))
    .orderBy(desc(chatMessages.seq))
    .limit(1);
  return row ?? null;
}

/** Moves the reader's place to `seq` (never back). */
export async function markSeen(db: Db, threadId: string, userId: string, seq: number): Promise<void> {
  await db
    .insert(chatReads)
    .values({ threadId, userId, seenSeq: seq })
    .onConflictDoUpdate({
      target: [chatReads.threadId, chatReads.userId],
      set: { seenSeq: sql`greatest(${chatReads.seenSeq}, excluded.seen_seq)`, seenAt: sql`now()` },
      setWhere: sql`${chatReads.seenSeq} < excluded.seen_seq`,
    });
}

/** Everyone's read place in the thread (enabled users only), furthest first. */
export async function listReaders(
  db: Db,
  thread: Pick<ThreadRow, "id" | "companyId">,
): Promise<ChatReaderApi[]> {
  const member = sql<boolean>`exists (select 1 from ${companyMembers} cm
    where cm.company_id = ${thread.companyId}::uuid and cm.user_id = ${chatReads.userId})`;
  const rows = await db
    .select({
      userId: chatReads.userId,
      name: users.displayName,
      seenSeq: chatReads.seenSeq,
      seenAt: chatReads.seenAt,
      member,
    })
    .from(chatReads)
    .innerJoin(users, eq(users.id, chatReads.userId))
    .where(and(eq(chatReads.threadId, thread.id), isNull(users.disabledAt), gt(chatReads.seenSeq, 0)))
    .orderBy(desc(chatReads.seenSeq), asc(users.displayName));
  return rows.map((r) => ({
    userId: r.userId,
    name: r.name,
    staff: !r.member,
    seenSeq: Number(r.seenSeq),
    seenAt: r.seenAt.toISOString(),
  }));
}

/** The viewer's contacts: their companies' members and the staff who wrote in their companies' threads. */
export async function listContacts(db: Db, viewer: ChatViewer): Promise<ChatContact[]> {
  if (viewer.companyIds.length === 0) return [];
  const members = await db
    .selectDistinct({ id: users.id, name: users.displayName, photo: users.photo })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(inArray(companyMembers.companyId, viewer.companyIds), isNull(users.disabledAt)));
  const staff = await db
    .selectDistinct({ id: users.id, name: users.displayName, photo: users.photo })
    .from(chatThreads)
    .innerJoin(
      users,
      or(
        eq(users.id, chatThreads.assignedTo),
        inArray(
          users.id,
          db
            .select({ id: chatMessages.authorId })
            .from(chatMessages)
            .where(and(eq(chatMessages.threadId, chatThreads.id), eq(chatMessages.staff, true))),
        ),
      ),
    )
    .where(and(inArray(chatThreads.companyId, viewer.companyIds), isNull(users.disabledAt)));
  const memberIds = new Set(members.map((m) => m.id));
  return [
    ...members.filter((m) => m.id !== viewer.userId).map((m) => ({ ...m, role: "member" as const })),
    ...staff.filter((s) => !memberIds.has(s.id)).map((s) => ({ ...s, role: "staff" as const })),
  ].sort((a, b) => a.name.localeCompare(b.name));
}

/** Whether a user may be assigned to a thread of `kind`: staff of that area. */
export async function isStaffFor(db: Db, userId: string, kind: ChatThreadKind): Promise<boolean> {
  const viewer = await loadViewer(db, userId);
  return !!viewer && viewer.staffKinds.includes(kind);
}

/** Every staff member (super admins and marketplace staff) who can be assigned a thread. */
export async function listStaff(
  db: Db,
): Promise<Array<{ id: string; name: string; kinds: ChatThreadKind[] }>> {
  const rows = await db
    .select({ id: users.id, name: users.displayName, roles: users.roles })
    .from(users)
    .where(
      and(
        isNull(users.disabledAt),
        sql`${users.roles} && ARRAY[${ROLES.SUPER_ADMIN}, ${ROLES.MARKETPLACE}]::text[]`,
      ),
    )
    .orderBy(asc(users.displayName));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    kinds: r.roles.includes(ROLES.SUPER_ADMIN) ? ["user", "support-marketplace"] : ["support-marketplace"],
  }));
}
