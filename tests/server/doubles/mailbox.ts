import { desc, eq } from "drizzle-orm";
import type { Database } from "../../../src/server/db/client";
import { mailOutbox } from "../../../src/server/db/schema";

/** The newest mail of a kind sent to an address, read from the mail_outbox table. */
export async function lastMail(database: Database, to: string, kind: string) {
  const rows = await database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id));
  const mail = rows.find((m) => m.kind === kind);
  if (!mail) throw new Error(`no ${kind} mail to ${to} (have: ${rows.map((m) => m.kind).join(", ")})`);
  return mail;
}

/** The last path segment of the first link in the text that starts with `prefix`. */
export function linkToken(text: string, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`${escaped}/([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no link starting with ${prefix} in:\n${text}`);
  return match[1];
}
