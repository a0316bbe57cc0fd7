import { and, eq, like } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, filingDeadline, fromIso, toIso } from "../../src/domain/rpie";
import {
  filings,
  invoices,
  jobs,
  mailOutbox,
  notifications,
  properties,
  quotes,
  remindersSent,
} from "../../src/server/db/schema";
import {
  createReminderRunner,
  ensureRemindersScheduled,
  nextSlot,
  REMINDER_JOB,
  reminderHandler,
  scheduleReminders,
} from "../../src/server/modules/filing/reminder-job";
import { dueOffset, runFilingReminders } from "../../src/server/modules/filing/reminders";
import { createProperty, waitFor } from "./file-helpers";
import { addMember, createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";

let server: TestServer;
let ann: TestUser;
let emp: TestUser;
const DEADLINE = filingDeadline(2027); // 2027-06-01
/** Noon in New York, `days` days from the 2027 deadline (negative: before it). */
const at = (days: number) => new Date(`${toIso(addDays(fromIso(DEADLINE), days))}T16:00:00Z`);

const ctx = () => server.app.ctx;
const mails = (kind: string) =>
  server.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind)).orderBy(mailOutbox.createdAt);

async function propertyWithAav(companyId: string, aav: number) {
  const id = await createProperty(server, companyId);
  await server.database.db.update(properties).set({ aav, address: "1 Main St" }).where(eq(properties.id, id));
  return id;
}

async function insertFiling(companyId: string, propertyId: string, state: string, since: Date, year = 2027) {
  const id = uuidv7();
  await server.database.db
    .insert(filings)
    .values({ id, companyId, propertyId, year, kind: "rpie", state, stateChangedAt: since });
  return id;
}

beforeAll(async () => {
  // Jobs off here: the test drives reminder runs itself, with its own clock.
  server = await startTestServer({ JOBS_IN_PROCESS: "false", STAFF_EMAIL: "staff@blocklot.test" });
  ann = await createTestUser(server, { displayName: "Ann", companyName: "Ann Realty" });
  emp = await createTestUser(server, { displayName: "Emp", companyName: "Emp Own Co" });
  await addMember(server, ann.companyId, emp.userId, ["ROLE_COMPANY_EMPLOYEE"], true);
});
afterAll(async () => server.close());

describe("which reminder is due", () => {
  it("30, 14 and 3 days before, one per window, none after the deadline", () => {
    expect([45, 31, 30, 20, 15, 14, 10, 4, 3, 1, 0, -1].map(dueOffset)).toEqual([
      null,
      null,
      30,
      30,
      30,
      14,
      14,
      14,
      3,
      3,
      3,
      null,
    ]);
  });
});

describe("owner deadline reminders", () => {
  it("mail each member at 30, 14 and 3 days before the deadline, once each across runs", async () => {
    const due = await propertyWithAav(ann.companyId, 500_000); // must file
    await propertyWithAav(ann.companyId, 30_000); // nothing to file
    const done = await propertyWithAav(ann.companyId, 500_000);
    await insertFiling(ann.companyId, done, "filed", at(-40)); // already filed this year

    expect((await runFilingReminders(ctx(), at(-31))).deadline).toBe(0);
    for (const days of [30, 14, 3]) {
      expect((await runFilingReminders(ctx(), at(-days))).deadline, `${days} days, first run`).toBe(1);
      expect((await runFilingReminders(ctx(), at(-days))).deadline, `${days} days, second run`).toBe(0);
    }
    expect((await runFilingReminders(ctx(), at(-10))).deadline).toBe(0);
    expect((await runFilingReminders(ctx(), at(-1))).deadline).toBe(0);
    expect((await runFilingReminders(ctx(), at(1))).deadline).toBe(0);

    const sent = await mails("filing-deadline-reminder");
    expect(sent).toHaveLength(6);
    expect(sent.filter((m) => m.to === ann.email).map((m) => m.subject.split(" to file")[0])).toEqual([
      "30 days",
      "14 days",
      "3 days",
    ]);
    expect(sent.filter((m) => m.to === emp.email)).toHaveLength(3);
    expect(sent[0]?.text).toContain(`is due on ${DEADLINE}, in 30 days`);
    const keys = await server.database.db
      .select({ key: remindersSent.key })
      .from(remindersSent)
      .where(like(remindersSent.key, `deadline:${due}:%`));
    expect(keys.map((k) => k.key).sort()).toEqual(
      [`deadline:${due}:2027:14`, `deadline:${due}:2027:3`, `deadline:${due}:2027:30`].sort(),
    );
  });

  it("a run that missed the 30-day window sends the 14-day one only", async () => {
    const late = await propertyWithAav(ann.companyId, 900_000);
    const before = (await mails("filing-deadline-reminder")).length;
    expect((await runFilingReminders(ctx(), at(-12))).deadline).toBe(1);
    const fresh = (await mails("filing-deadline-reminder")).slice(before);
    expect(fresh).toHaveLength(2);
    expect(fresh[0]?.subject).toContain("12 days");
    const [row] = await server.database.db
      .select()
      .from(remindersSent)
      .where(eq(remindersSent.key, `deadline:${late}:2027:14`));
    expect(row?.sentTo.split(", ").sort()).toEqual([ann.email, emp.email].sort());
  });
});

describe("deadline and invoice reminders on the bell", () => {
  it("members hear the deadline approach (one notification, newest again at each reminder); admins hear of the unpaid invoice", async () => {
    const owner = await createTestUser(server, { displayName: "Olga", companyName: "Olga Estates" });
    const clerk = await createTestUser(server, { displayName: "Carl", companyName: "Carl Own Co" });
    await addMember(server, owner.companyId, clerk.userId, ["ROLE_COMPANY_EMPLOYEE"], false);
    const property = await propertyWithAav(owner.companyId, 700_000);
    // In its state since shortly before the last run (and removed at the end), so never a stuck
    // filing for the staff digest.
    const filingId = await insertFiling(owner.companyId, property, "quoted", at(-4));
    const quoteId = uuidv7();
    await server.database.db
      .insert(quotes)
      .values({ id: quoteId, companyId: owner.companyId, filingId, status: "accepted", totalCents: 45_000 });
    const invoiceId = uuidv7();
    await server.database.db.insert(invoices).values({
      id: invoiceId,
      number: "INV-OLGA-1",
      companyId: owner.companyId,
      filingId,
      quoteId,
      amountCents: 45_000,
      status: "unpaid",
    });
    const bellOf = (userId: string) =>
      server.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.companyId, owner.companyId)));

    await runFilingReminders(ctx(), at(-30));
    await runFilingReminders(ctx(), at(-14));
    for (const who of [owner, clerk]) {
      const deadline = (await bellOf(who.userId)).filter((n) => n.type === "deadline_approaching");
      expect(deadline, who.email).toHaveLength(1);
      expect(deadline[0]?.description).toMatch(
        new RegExp(
          `^The 2027 RPIE statement for BBL \\d+ is due on ${DEADLINE}, in 14 days: filing late can cost up to \\$[\\d,]+\\.$`,
        ),
      );
      expect(deadline[0]?.link).toBe(`/dashboard/filings?property=${property}&year=2027`);
      expect(deadline[0]?.readAt).toBeNull();
    }
    const ownerDue = (await bellOf(owner.userId)).filter((n) => n.type === "invoice_due");
    expect(ownerDue).toHaveLength(1);
    expect(ownerDue[0]).toMatchObject({ link: `/dashboard/invoices/${invoiceId}` });
    expect(ownerDue[0]?.description).toContain("Invoice INV-OLGA-1 ($450.00)");
    expect((await bellOf(clerk.userId)).filter((n) => n.type === "invoice_due")).toHaveLength(0);

    // Paid: the next reminder says nothing more about it.
    await server.database.db.update(invoices).set({ status: "paid" }).where(eq(invoices.id, invoiceId));
    await server.database.db.delete(notifications).where(eq(notifications.type, "invoice_due"));
    await runFilingReminders(ctx(), at(-3));
    expect((await bellOf(owner.userId)).filter((n) => n.type === "invoice_due")).toHaveLength(0);
    await server.database.db.delete(filings).where(eq(filings.id, filingId));
  });
});

describe("staff reminders for stuck filings", () => {
  it("one digest per newly stuck filing (> 5 days in a state), never twice", async () => {
    const T = new Date("2027-09-15T14:00:00Z");
    const p1 = await createProperty(server, ann.companyId);
    const p2 = await createProperty(server, ann.companyId);
    const p3 = await createProperty(server, ann.companyId);
    const stuck = await insertFiling(ann.companyId, p1, "in_review", addDays(T, -6), 2028);
    await insertFiling(ann.companyId, p2, "mapping", addDays(T, -2), 2028);
    await insertFiling(ann.companyId, p3, "filed", addDays(T, -60), 2028);

    expect((await runFilingReminders(ctx(), T)).stuck).toBe(1);
    expect((await runFilingReminders(ctx(), T)).stuck).toBe(0);
    const digest = await mails("filing-stuck-reminder");
    expect(digest).toHaveLength(1);
    expect(digest[0]).toMatchObject({
      to: "staff@blocklot.test",
      subject: "1 filing waiting more than 5 days",
    });
    expect(digest[0]?.text).toContain("In review for 6 days");
    expect(digest[0]?.text).toContain(`/admin/filings/${stuck}`);

    // Exactly 5 days in a state is not yet "more than 5".
    expect((await runFilingReminders(ctx(), addDays(T, 3))).stuck).toBe(0);
    // A day later the mapping filing is stuck too; the first is not repeated.
    expect((await runFilingReminders(ctx(), addDays(T, 4))).stuck).toBe(1);
    const later = await mails("filing-stuck-reminder");
    expect(later).toHaveLength(2);
    expect(later[1]?.text).toContain("Mapping for 6 days");
    expect(later[1]?.text).not.toContain(stuck);

    // The first filing moves and sticks again in its new state: staff hear again.
    await server.database.db
      .update(filings)
      .set({ state: "needs_information", returnTo: "in_review", stateChangedAt: addDays(T, 1) })
      .where(eq(filings.id, stuck));
    expect((await runFilingReminders(ctx(), addDays(T, 8))).stuck).toBe(1);
    expect((await mails("filing-stuck-reminder")).at(-1)?.text).toContain("Needs information for 7 days");
  });
});

describe("the reminder job", () => {
  it("is scheduled once per start, lives in the jobs table and schedules its next run", async () => {
    const now = new Date("2027-03-01T10:17:00Z");
    expect(nextSlot(now, 60).toISOString()).toBe("2027-03-01T11:00:00.000Z");
    expect(nextSlot(new Date("2027-03-01T11:00:00Z"), 60).toISOString()).toBe("2027-03-01T12:00:00.000Z");

    const first = await ensureRemindersScheduled(server.database.db, 60, now);
    expect(first).toBeTruthy();
    // A restart (or a second replica) finds the queued run and adds nothing.
    expect(await ensureRemindersScheduled(server.database.db, 60, now)).toBeNull();
    expect(
      await ensureRemindersScheduled(server.database.db, 60, new Date("2027-03-01T10:50:00Z")),
    ).toBeNull();
    const queued = await server.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, REMINDER_JOB), eq(jobs.status, "queued")));
    expect(queued).toHaveLength(1);
    expect(queued[0]?.runAt.toISOString()).toBe("2027-03-01T11:00:00.000Z");
    // Two replicas scheduling the same slot make one job.
    expect(await scheduleReminders(server.database.db, new Date("2027-03-01T11:00:00Z"))).toBeNull();

    // Running the job queues the next slot first, then sends reminders at its clock.
    await reminderHandler(ctx(), () => new Date("2027-03-01T11:00:05Z"))();
    const next = await server.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `${REMINDER_JOB}@2027-03-01T12:00:00.000Z`));
    expect(next).toHaveLength(1);
  });

  it("a runner claims a due reminder job from the table and completes it", async () => {
    await server.database.db.delete(jobs).where(eq(jobs.kind, REMINDER_JOB));
    const id = await scheduleReminders(server.database.db, new Date(Date.now() - 60_000));
    const runner = createReminderRunner(ctx(), { info() {}, warn() {}, error() {} });
    runner.start();
    try {
      await waitFor(
        async () => {
          const [row] = await server.database.db
            .select()
            .from(jobs)
            .where(eq(jobs.id, id as string));
          return row?.status === "done" ? row : undefined;
        },
        15_000,
        "the reminder job to finish",
      );
    } finally {
      await runner.stop(3000);
    }
    const queued = await server.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, REMINDER_JOB), eq(jobs.status, "queued")));
    expect(queued).toHaveLength(1);
    expect(queued[0]?.runAt.getTime()).toBeGreaterThan(Date.now());
  });
});
