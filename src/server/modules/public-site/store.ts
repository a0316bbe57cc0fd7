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
  /** "email" when only an address was given (POST /api/demo-requests/email). */
  source?: "form" | "email";
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
    source: r.source ?? "form",
    name: r.name,
    email: r.email,
    company: r.company ?? null,
    phone: r.phone ?? null,
    interest: r.interest ?? null,
    message: r.message ?? null,
  });
  return id;
}
