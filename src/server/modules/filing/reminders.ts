import { and, eq, isNotNull, isNull, lt, ne } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { FILING_STATE_LABELS, type FilingState } from "../../../domain/filing";
import { addDays, daysBetween, todayInNewYork } from "../../../domain/rpie";
import type { ServerContext } from "../../context";
import { companies, filings, invoices, properties, remindersSent } from "../../db/schema";
import { notify } from "../notifications/store";
import { assessmentFor } from "../properties/properties";
import { mailCompany } from "./notify";

/** Owners are reminded this many days before the deadline (each once). */
export const DEADLINE_OFFSETS = [30, 14, 3] as const;
/** Staff hear of a filing that stayed in one state longer than this. */
const STUCK_AFTER_DAYS = 5;

/**
 * The reminder due `daysLeft` days before a deadline: the smallest offset not below it
 * (20 days left → the 30-day reminder, 14 → 14, 2 → 3), none once the deadline passed or
 * while it is more than 30 days away. A run that missed a window sends the next one only.
 */
export function dueOffset(daysLeft: number): number | null {
  if (daysLeft < 0) return null;
  const offsets = [...DEADLINE_OFFSETS].sort((a, b) => a - b);
  return offsets.find((o) => daysLeft <= o) ?? null;
}

/** Claims a reminder key; false when it was claimed before (then nothing is sent). */
async function claim(
  ctx: Pick<ServerContext, "db">,
  row: Omit<typeof remindersSent.$inferInsert, "id">,
): Promise<boolean> {
  const inserted = await ctx.db
    .insert(remindersSent)
    .values({ id: uuidv7(), ...row })
    .onConflictDoNothing({ target: remindersSent.key })
    .returning({ id: remindersSent.id });
  return inserted.length > 0;
}

/**
 * Owners of properties with an RPIE obligation (must file or claim of exclusion) for the
 * current filing year and no filed RPIE filing for it: one mail to each member of the
 * company at 30, 14 and 3 days before the deadline (key "deadline:<property>:<year>:<offset>").
 */
async function deadlineReminders(ctx: ServerContext, now: Date): Promise<number> {
  const today = todayInNewYork(now);
  const rows = await ctx.db
    .select({ property: properties, companyName: companies.name })
    .from(properties)
    .innerJoin(companies, eq(companies.id, properties.companyId))
    .where(and(isNull(properties.deletedAt), isNotNull(properties.aav)));
  let sent = 0;
  for (const { property } of rows) {
    const a = assessmentFor(property, today);
    if (!a || a.obligation === "not-required") continue;
    const offset = dueOffset(a.daysLeft);
    if (offset === null) continue;
    const [filed] = await ctx.db
      .select({ id: filings.id })
      .from(filings)
      .where(
        and(
          eq(filings.propertyId, property.id),
          eq(filings.year, a.filingYear),
          eq(filings.kind, "rpie"),
          eq(filings.state, "filed"),
        ),
      )
      .limit(1);
    if (filed) continue;
    const key = `deadline:${property.id}:${a.filingYear}:${offset}`;
    const what = a.obligation === "must-file" ? "RPIE statement" : "RPIE Claim of Exclusion";
    const claimed = await claim(ctx, {
      key,
      kind: "deadline",
      propertyId: property.id,
      companyId: property.companyId,
      offsetDays: offset,
      sentTo: "company members",
    });
    if (!claimed) continue;
    const to = await mailCompany(ctx, property.companyId, {
      kind: "filing-deadline-reminder",
      subject: `${a.daysLeft === 0 ? "Today" : `${a.daysLeft} days`} to file the ${a.filingYear} ${what} for BBL ${property.bbl}`,
      lines: () => [
        `The ${a.filingYear} ${what} for BBL ${property.bbl}${property.address ? ` (${property.address})` : ""} is due on ${a.deadline}${
          a.daysLeft === 0 ? " — today" : `, in ${a.daysLeft} days`
        }.`,
        `Filing late can cost up to $${a.penaltyIfLate.toLocaleString("en-US")}.`,
        "",
        `Start or follow the filing here: ${ctx.config.publicUrl}/dashboard/filings`,
      ],
    });
    await ctx.db
      .update(remindersSent)
      .set({ sentTo: to.join(", ") || "(no members)" })
      .where(eq(remindersSent.key, key));
    await bellReminders(ctx, property, a, what);
    sent++;
  }
  return sent;
}

/**
 * The bell beside the mail: every member hears that the deadline approaches (one notification
 * per property and year, made unread and newest again at each reminder), and the company's
 * admins that the year's unpaid invoices of that property are due by the deadline.
 */
async function bellReminders(
  ctx: ServerContext,
  property: typeof properties.$inferSelect,
  a: { filingYear: number; deadline: string; daysLeft: number; penaltyIfLate: number },
  what: string,
) {
  const when = a.daysLeft === 0 ? "today" : `in ${a.daysLeft} days`;
  await notify(ctx.db, {
    companyId: property.companyId,
    recipients: "members",
    type: "deadline_approaching",
    description: `The ${a.filingYear} ${what} for BBL ${property.bbl} is due on ${a.deadline}, ${when}: filing late can cost up to $${a.penaltyIfLate.toLocaleString("en-US")}.`,
    link: `/dashboard/filings?property=${property.id}&year=${a.filingYear}`,
    key: `deadline:${property.id}:${a.filingYear}`,
  });
  const unpaid = await ctx.db
    .select({ id: invoices.id, number: invoices.number, amountCents: invoices.amountCents })
    .from(invoices)
    .innerJoin(filings, eq(filings.id, invoices.filingId))
    .where(
      and(eq(filings.propertyId, property.id), eq(filings.year, a.filingYear), eq(invoices.status, "unpaid")),
    );
  for (const inv of unpaid) {
    await notify(ctx.db, {
      companyId: property.companyId,
      recipients: "admins",
      type: "invoice_due",
      description: `Invoice ${inv.number} ($${(inv.amountCents / 100).toFixed(2)}) for BBL ${property.bbl} is unpaid: pay it before ${a.deadline} so the ${a.filingYear} filing is not held up.`,
      link: `/dashboard/invoices/${inv.id}`,
      key: `invoice-due:${inv.id}`,
    });
  }
}

/**
 * Staff hear once about each filing that stayed in one state (other than filed) for more than
 * 5 days: one digest mail to STAFF_EMAIL per run listing the newly stuck filings
 * (key "stuck:<filing>:<state>:<since>", so a filing that moves and sticks again is reported again).
 */
async function stuckReminders(ctx: ServerContext, now: Date): Promise<number> {
  const before = addDays(now, -STUCK_AFTER_DAYS);
  const rows = await ctx.db
    .select({ filing: filings, companyName: companies.name, bbl: properties.bbl })
    .from(filings)
    .innerJoin(companies, eq(companies.id, filings.companyId))
    .innerJoin(properties, eq(properties.id, filings.propertyId))
    .where(and(ne(filings.state, "filed"), lt(filings.stateChangedAt, before)));
  const fresh: string[] = [];
  for (const { filing, companyName, bbl } of rows) {
    const claimed = await claim(ctx, {
      key: `stuck:${filing.id}:${filing.state}:${filing.stateChangedAt.toISOString()}`,
      kind: "stuck",
      filingId: filing.id,
      companyId: filing.companyId,
      offsetDays: STUCK_AFTER_DAYS,
      sentTo: ctx.config.staffEmail,
    });
    if (!claimed) continue;
    const days = daysBetween(
      filing.stateChangedAt.toISOString().slice(0, 10),
      now.toISOString().slice(0, 10),
    );
    fresh.push(
      `- ${companyName}, BBL ${bbl}, ${filing.kind} ${filing.year}: ${FILING_STATE_LABELS[filing.state as FilingState] ?? filing.state} for ${days} days — ${ctx.config.publicUrl}/admin/filings/${filing.id}`,
    );
  }
  if (fresh.length) {
    await ctx.mailer.send({
      to: ctx.config.staffEmail,
      kind: "filing-stuck-reminder",
      subject: `${fresh.length} filing${fresh.length === 1 ? "" : "s"} waiting more than ${STUCK_AFTER_DAYS} days`,
      text: [
        `These filings have stayed in one state for more than ${STUCK_AFTER_DAYS} days:`,
        "",
        ...fresh,
        "",
        "— Blocklot",
      ].join("\n"),
    });
  }
  return fresh.length;
}

/** One reminder run at `now` (injectable for tests). Safe to run any number of times, anywhere. */
export async function runFilingReminders(ctx: ServerContext, now: Date = new Date()) {
  const deadline = await deadlineReminders(ctx, now);
  const stuck = await stuckReminders(ctx, now);
  return { deadline, stuck };
}
