import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from "drizzle-orm";
import type { OutboxMail, OutboxMailFull, OutboxStatus } from "../../../domain/outbox";
import type { Db } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import { containsPattern } from "../../plugins/paged-list";

type Row = typeof mailOutbox.$inferSelect;

const statusOf = (r: Pick<Row, "sentAt" | "error">): OutboxStatus =>
  r.sentAt ? "sent" : r.error ? "failed" : "kept";

const STATUS_WHERE: Record<OutboxStatus, SQL | undefined> = {
  sent: isNotNull(mailOutbox.sentAt),
  failed: and(isNull(mailOutbox.sentAt), isNotNull(mailOutbox.error)),
  kept: and(isNull(mailOutbox.sentAt), isNull(mailOutbox.error)),
};

const toMail = (r: Row): OutboxMail => ({
  id: r.id,
  to: r.to,
  subject: r.subject,
  kind: r.kind,
  status: statusOf(r),
  error: r.error,
  createdAt: r.createdAt.toISOString(),
  sentAt: r.sentAt?.toISOString() ?? null,
});

export interface OutboxQuery {
  page: number;
  rowsPerPage: number;
  /** Matches the recipient, the subject or the kind (case-insensitive, % and _ taken literally). */
  query?: string;
  status?: OutboxStatus;
}

/** The outbox, newest first, one page. */
export async function listOutbox(db: Db, q: OutboxQuery) {
  const text = q.query?.trim();
  const where = and(
    text
      ? or(
          ilike(mailOutbox.to, containsPattern(text)),
          ilike(mailOutbox.subject, containsPattern(text)),
          ilike(mailOutbox.kind, containsPattern(text)),
        )
      : undefined,
    q.status ? STATUS_WHERE[q.status] : undefined,
  );
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(q.rowsPerPage)
    .offset(q.page * q.rowsPerPage);
  const [total] = await db.select({ n: count() }).from(mailOutbox).where(where);
  return { rows: rows.map(toMail), total: Number(total?.n ?? 0) };
}

export async function findMail(db: Db, id: string): Promise<(OutboxMailFull & { raw: Row }) | null> {
  const [r] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return r ? { ...toMail(r), text: r.text, html: r.html, raw: r } : null;
}
