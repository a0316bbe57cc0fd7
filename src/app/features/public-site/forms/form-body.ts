/** Pure helpers for the public Contact Us and Request Demo forms (no UI, no translations). */

export const LIMITS = { name: 120, email: 254, company: 200, phone: 40, message: 5000 } as const;

const DEMO_INTERESTS = ["rpie", "inventory", "both"] as const;
export type DemoInterest = (typeof DEMO_INTERESTS)[number];

interface ContactBody {
  name: string;
  email: string;
  company?: string;
  phone?: string;
  message: string;
}

interface DemoBody {
  name: string;
  email: string;
  company?: string;
  phone?: string;
  interest?: DemoInterest;
  message?: string;
}

const optional = (v: string) => {
  const s = v.trim();
  return s ? s : undefined;
};

/** The POST /api/contact body: trimmed, with empty optional fields left out. */
export function contactBody(v: {
  name: string;
  email: string;
  company: string;
  phone: string;
  message: string;
}) {
  const body: ContactBody = { name: v.name.trim(), email: v.email.trim(), message: v.message.trim() };
  const company = optional(v.company);
  const phone = optional(v.phone);
  if (company) body.company = company;
  if (phone) body.phone = phone;
  return body;
}

function isDemoInterest(v: unknown): v is DemoInterest {
  return typeof v === "string" && (DEMO_INTERESTS as readonly string[]).includes(v);
}

/** The POST /api/demo-requests body: trimmed, with empty optional fields left out. */
export function demoBody(v: {
  name: string;
  email: string;
  company: string;
  phone: string;
  interest: string | null;
  message: string;
}) {
  const body: DemoBody = { name: v.name.trim(), email: v.email.trim() };
  const company = optional(v.company);
  const phone = optional(v.phone);
  const message = optional(v.message);
  if (company) body.company = company;
  if (phone) body.phone = phone;
  if (isDemoInterest(v.interest)) body.interest = v.interest;
  if (message) body.message = message;
  return body;
}

/**
 * Which form field a server validation message is about. The server names the field in
 * quotes (`Invalid request body: "email" must match format "email"`); null when it names
 * none of the form's fields.
 */
export function fieldOfServerMessage<F extends string>(message: string, fields: readonly F[]): F | null {
  const m = /"([A-Za-z][\w.]*)"/.exec(message);
  const name = m?.[1];
  return name && (fields as readonly string[]).includes(name) ? (name as F) : null;
}

const PHONE_RE = /^[+()\d\s.\-/]*\d[+()\d\s.\-/]*$/;
/** Digits with the usual separators, or empty. */
export function isPlausiblePhone(v: string): boolean {
  const s = v.trim();
  return s === "" || (s.length <= LIMITS.phone && PHONE_RE.test(s));
}
