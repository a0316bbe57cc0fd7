import { count, desc } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Db } from "../../db/client";
import { contactMessages, demoRequests } from "../../db/schema";

/** The public forms' rows: contact messages and demo requests (routes.ts). */

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
  company?: string;
  phone?: string;
}

export interface DemoRequest {
  name: string;
  email: string;
  company?: string;
  phone?: string;
  interest?: string;
  message?: string;
}

/** Stores a Contact Us message; answers its id. */
export async function insertContactMessage(db: Db, m: ContactMessage): Promise<string> {
  const id = uuidv7();
  await db.insert(contactMessages).values({ id, ...m, company: m.company ?? null, phone: m.phone ?? null });
  return id;
}

/** Stores a demo request; answers its id. */
export async function insertDemoRequest(db: Db, r: DemoRequest): Promise<string> {
  const id = uuidv7();
  await db.insert(demoRequests).values({
    id,
    name: r.name,
    email: r.email,
    company: r.company ?? null,
    phone: r.phone ?? null,
    interest: r.interest ?? null,
    message: r.message ?? null,
  });
  return id;
}

/** One page of demo requests, newest first, with the total. */
export async function demoRequestPage(db: Db, page: number, rowsPerPage: number) {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(demoRequests)
      .orderBy(desc(demoRequests.createdAt), desc(demoRequests.id))
      .limit(rowsPerPage)
      .offset(page * rowsPerPage),
    db.select({ n: count() }).from(demoRequests),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}
