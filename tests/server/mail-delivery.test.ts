/**
 * Mail delivered by a job (issue 14, docs/mail.md "Sending") on PGlite and PostgreSQL: a send
 * answers before anything is delivered and leaves one `mail-deliver` job in the jobs table; a
 * runner started later (as after a restart) delivers it; a delivery whose worker died after its
 * work committed, and one that failed half way, are run again and deliver each copy once.
 * The server runs no jobs of its own (JOBS_IN_PROCESS=false): each test starts the mail runner.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { jobs, mailMessages } from "../../src/server/db/schema";
import { createMailRunner, type MailRunner } from "../../src/server/modules/mail/delivery-runner";
import { MAIL_DELIVER_JOB, MAIL_SEND_JOB, mailDeliverHandler } from "../../src/server/modules/mail/send";
import { addMember, createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { uuidv7 } from "./inventory-helpers";
import { type SmtpSink, startSmtpSink } from "./smtp-sink";

const MESSAGES = "/api/mail/messages";
let smtp: SmtpSink;
let server: TestServer;
let alice: TestUser;
let cole: TestUser;
let dana: TestUser;
let runner: MailRunner | null = null;

const silent = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({
    JOBS_IN_PROCESS: "false",
    SMTP_URL: smtp.url,
    MAIL_DOMAIN: "mail.blocklot.test",
  });
  alice = await createTestUser(server, { displayName: "Alice Able" });
  cole = await createTestUser(server, { displayName: "Cole League" });
  dana = await createTestUser(server, { displayName: "Dana Desk" });
  await addMember(server, alice.companyId, cole.userId, ["ROLE_COMPANY_EMPLOYEE"], true);
  await addMember(server, alice.companyId, dana.userId, ["ROLE_COMPANY_EMPLOYEE"], true);
}, 120_000);
afterEach(async () => {
  await runner?.stop();
  runner = null;
});
afterAll(async () => {
  await server?.close();
  await smtp.close();
});

const startRunner = async (pollMs?: number) => {
  runner = createMailRunner(server.app.ctx, silent, { pollMs });
  await runner.start();
};

/** Alice writes and sends a message; answers the send's response body. */
async function send(subject: string, to: string[]) {
  const id = uuidv7();
  const made = await server.app.inject({
    method: "PUT",
    url: `${MESSAGES}/${id}`,
    headers: alice.auth,
    payload: { to, subject, html: `<p>${subject}</p>` },
  });
  expect(made.statusCode).toBe(201);
  const sent = await server.app.inject({
    method: "PATCH",
    url: `${MESSAGES}/${id}`,
    headers: { ...alice.auth, "idempotency-key": uuidv7() },
    payload: { state: "outbox", version: 1 },
  });
  expect(sent.statusCode).toBe(200);
  return sent.json() as { id: string; messageId: string; state: string };
}

/** The copies of a Message-ID in a user's inbox, as the user lists them. */
async function inboxCopies(user: TestUser, messageId: string) {
  const res = await server.app.inject({ method: "GET", url: `${MESSAGES}?label=inbox`, headers: user.auth });
  expect(res.statusCode).toBe(200);
  return (res.json().rows as { messageId: string; subject: string; state: string }[]).filter(
    (m) => m.messageId === messageId,
  );
}

const jobOf = async (kind: string, messageId: string) => {
  const [job] = await server.database.db
    .select()
    .from(jobs)
    .where(eq(jobs.key, `${kind}:${messageId}`));
  return job;
};

async function until<T>(fn: () => Promise<T | undefined | false>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("mail to colleagues is delivered by a job", () => {
  it("a send answers with nothing delivered yet and one queued job; a runner started later delivers it once", async () => {
    const sent = await send("Roof quote", [cole.email, `${dana.userId}@mail.blocklot.test`]);
    expect(sent.state).toBe("sent");
    expect(await inboxCopies(cole, sent.messageId)).toEqual([]);
    const job = await jobOf(MAIL_DELIVER_JOB, sent.id);
    expect(job).toMatchObject({ kind: MAIL_DELIVER_JOB, status: "queued", attempts: 0 });

    // As after a restart: the job waited in the table, a new process's runner picks it up.
    await startRunner();
    await until(async () => (await jobOf(MAIL_DELIVER_JOB, sent.id))?.status === "done");
    expect(await inboxCopies(cole, sent.messageId)).toMatchObject([
      { subject: "Roof quote", state: "received" },
    ]);
    expect(await inboxCopies(dana, sent.messageId)).toHaveLength(1);
    // Only colleagues were addressed: no SMTP job.
    expect(await jobOf(MAIL_SEND_JOB, sent.id)).toBeUndefined();
  });

  it("a running runner is woken by the send's NOTIFY, not only by its poll", async () => {
    // A poll of a minute: what arrives within the test's 10 seconds came by the wake-up.
    await startRunner(60_000);
    await new Promise((r) => setTimeout(r, 200)); // its first look at the queue, at start, is over
    const sent = await send("Quick one", [cole.email]);
    await until(async () => (await inboxCopies(cole, sent.messageId)).length === 1, 10_000);
  });

  it("a worker that died after its delivery committed: the job is run again and delivers nothing twice", async () => {
    const before = smtp.received.length;
    const sent = await send("Site visit", [cole.email, "outside@example.org"]);
    const job = await jobOf(MAIL_DELIVER_JOB, sent.id);
    if (!job) throw new Error("no job");
    // The dead worker's work: the delivery transaction committed...
    await mailDeliverHandler(server.app.ctx)({
      id: job.id,
      kind: job.kind,
      key: job.key,
      payload: job.payload as Record<string, unknown>,
      attempts: 1,
      maxAttempts: job.maxAttempts,
    });
    expect(await inboxCopies(cole, sent.messageId)).toHaveLength(1);
    // ...and it died before marking the job done: still running, its lease run out.
    await server.database.db
      .update(jobs)
      .set({
        status: "running",
        attempts: 1,
        lockedBy: "dead-worker",
        lockedUntil: sql`now() - interval '1 second'`,
      })
      .where(eq(jobs.id, job.id));

    await startRunner();
    await until(async () => {
      const again = await jobOf(MAIL_DELIVER_JOB, sent.id);
      return again?.status === "done" && again.attempts === 2;
    });
    await until(async () => smtp.received.length > before);
    await until(async () => (await jobOf(MAIL_SEND_JOB, sent.id))?.status === "done");
    expect(await inboxCopies(cole, sent.messageId)).toHaveLength(1);
    const sendJobs = await server.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `${MAIL_SEND_JOB}:${sent.id}`));
    expect(sendJobs).toHaveLength(1);
    expect(smtp.received.slice(before).filter((r) => r.to.includes("outside@example.org"))).toHaveLength(1);
  });

  it("a delivery that fails half way delivers nothing, is retried, and then delivers each copy once", async () => {
    const db = server.database.db;
    // The second recipient's copy fails once (a sequence: its count survives the rollback).
    for (const statement of [
      "create sequence test_fail_seq",
      "create table test_fail_for (user_id uuid primary key)",
      `create function test_fail_once() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from test_fail_for where user_id = new.user_id)
          and nextval('test_fail_seq') = 1 then
          raise exception 'disk full (test)';
        end if;
        return new;
      end $$`,
      `create trigger test_fail_once before insert on mail_messages
        for each row execute function test_fail_once()`,
    ])
      await db.execute(sql.raw(statement));
    await db.execute(sql`insert into test_fail_for values (${dana.userId})`);
    try {
      const sent = await send("Meter readings", [cole.email, dana.email]);
      await startRunner();
      const failed = await until(async () => {
        const j = await jobOf(MAIL_DELIVER_JOB, sent.id);
        return j?.lastError ? j : undefined;
      });
      expect(failed).toMatchObject({ status: "queued", attempts: 1 });
      expect(failed.lastError).toContain("disk full");
      // All or nothing: the first recipient got no copy either.
      expect(await inboxCopies(cole, sent.messageId)).toEqual([]);
      expect(await inboxCopies(dana, sent.messageId)).toEqual([]);

      // Its backoff over: retried.
      await db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.id, failed.id));
      await until(async () => (await jobOf(MAIL_DELIVER_JOB, sent.id))?.status === "done");
      expect(await inboxCopies(cole, sent.messageId)).toHaveLength(1);
      expect(await inboxCopies(dana, sent.messageId)).toHaveLength(1);
      const all = await db
        .select({ id: mailMessages.id })
        .from(mailMessages)
        .where(and(eq(mailMessages.messageId, sent.messageId), eq(mailMessages.state, "received")));
      expect(all).toHaveLength(2);
    } finally {
      await db.execute(sql`drop trigger test_fail_once on mail_messages`);
    }
  });
});
