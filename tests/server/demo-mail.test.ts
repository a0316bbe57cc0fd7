/**
 * The demo mailboxes (issue 14, docs/mail.md "Demo mail"): after seeding the demo accounts and
 * their mail, the demo company admin signs in and finds a used mail app — threads from outside
 * and from a colleague, read and unread, starred, important, spam, trash, a draft and own labels —
 * and the employee finds the admin's reply in their thread. Seeding again gives the same mail and
 * leaves no delivery job of the old demo mail behind. PGlite and PostgreSQL.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MailMessage } from "../../src/domain/mail/message";
import { jobs } from "../../src/server/db/schema";
import type { DemoSeedResult } from "../../src/server/modules/demo/seed";
import { seedDemoData } from "../../src/server/modules/demo/seed";
import { accountsStep } from "../../src/server/modules/demo/steps/accounts";
import { mailStep } from "../../src/server/modules/demo/steps/mail";
import { MAIL_DELIVER_JOB, MAIL_SEND_JOB } from "../../src/server/modules/mail/send";
import { startTestServer, type TestServer } from "./harness";

let server: TestServer;
let seeded: DemoSeedResult;

const seed = () => seedDemoData(server.app, { steps: [accountsStep, mailStep] });

beforeAll(async () => {
  server = await startTestServer();
  seeded = await seed();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

async function signIn(key: string) {
  const a = seeded.accounts.find((x) => x.key === key);
  if (!a) throw new Error(`no ${key}`);
  const res = await server.app.inject({
    method: "POST",
    url: "/auth-jwt/connect/google/check",
    payload: { email: a.email, password: a.password },
  });
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.json().token as string}` };
}

async function list(auth: { authorization: string }, query: string): Promise<MailMessage[]> {
  const res = await server.app.inject({ method: "GET", url: `/api/mail/messages?${query}`, headers: auth });
  expect(res.statusCode).toBe(200);
  return res.json().rows;
}

const threads = (rows: MailMessage[]) => new Set(rows.map((m) => m.threadId));

describe("the demo mailboxes", () => {
  it("show the company admin a used mailbox: threads read and unread, starred, important, spam, trash, a draft, own labels", async () => {
    const admin = await signIn("companyAdmin");
    const labels = await server.app.inject({ method: "GET", url: "/api/mail/labels", headers: admin });
    const own = labels.json().rows as { id: string; name: string }[];
    expect(own.map((l) => l.name)).toEqual(["Owners", "Vendors"]);

    const inbox = await list(admin, "label=inbox");
    expect(threads(inbox).size).toBeGreaterThanOrEqual(5);
    const unread = inbox.filter((m) => !m.read);
    expect(unread.length).toBeGreaterThanOrEqual(2);
    expect(inbox.length - unread.length).toBeGreaterThanOrEqual(2);
    // From outside and from a colleague.
    expect(inbox.some((m) => m.from === "marco@queens-mgmt.example")).toBe(true);
    expect(inbox.some((m) => m.subject === "Bronx statement is mapped" && m.fromName.includes("Eli"))).toBe(
      true,
    );

    // The agent's thread: his mail, his follow-up (unread) and the admin's reply, in one thread.
    const marco = inbox.find((m) => m.subject.startsWith("Re: 2025 operating statements")) as MailMessage;
    const thread = await list(admin, `thread=${marco.threadId}`);
    expect(thread).toHaveLength(3);
    expect(thread.filter((m) => m.state === "sent")).toHaveLength(1);
    expect(thread.find((m) => m.id === marco.id)?.read).toBe(false);

    const owners = own.find((l) => l.name === "Owners")?.id;
    expect((await list(admin, `label=${owners}`)).length).toBe(3);
    expect((await list(admin, "label=starred")).map((m) => m.fromName)).toEqual(["Priya Shah"]);
    expect((await list(admin, "label=important")).map((m) => m.fromName)).toEqual(["Hudson Title Services"]);
    expect(await list(admin, "label=spam")).toHaveLength(1);
    expect(await list(admin, "label=trash")).toHaveLength(1);
    expect((await list(admin, "label=drafts")).map((m) => m.state)).toEqual(["draft"]);
    expect((await list(admin, "label=sent")).length).toBeGreaterThanOrEqual(3);
  });

  it("show the employee the admin's unread reply in their own thread", async () => {
    const employee = await signIn("employee");
    const inbox = await list(employee, "label=inbox");
    const reply = inbox.find((m) => m.subject === "Re: Labels for pallet #14") as MailMessage;
    expect(reply).toMatchObject({ read: false, state: "received", fromName: "Dana Admin (demo)" });
    const thread = await list(employee, `thread=${reply.threadId}`);
    expect(thread.map((m) => m.subject).sort()).toEqual([
      "Labels for pallet #14",
      "Re: Labels for pallet #14",
    ]);
    expect(inbox.some((m) => m.fromName === "Lou Brennan" && !m.read)).toBe(true);
  });

  it("are the same after seeding again, with no delivery job of the old demo mail left", async () => {
    // Mail jobs, and those whose message is gone (the old demo mail's). The job runner works
    // beside the seed (a send queues its delivery), so the number of jobs is not fixed at any
    // moment; what must hold is that none is left pointing at mail that no longer exists.
    const mailJobs = async (orphans: boolean) =>
      Number(
        (
          (await server.database.db.execute(sql`
            select count(*)::int as n from ${jobs} j
            where j.kind in (${MAIL_DELIVER_JOB}, ${MAIL_SEND_JOB})
            ${
              orphans
                ? sql`and not exists (select 1 from mail_messages m where m.id = (j.payload->>'messageId')::uuid)`
                : sql``
            }`)) as unknown as { rows: { n: number }[] }
        ).rows[0]?.n,
      );
    const count = async () =>
      Number(
        (
          (await server.database.db.execute(
            sql`select count(*)::int as n from mail_messages`,
          )) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]?.n,
      );
    const mailBefore = await count();
    expect(await mailJobs(false)).toBeGreaterThan(0);
    expect(await mailJobs(true)).toBe(0);
    seeded = await seed();
    expect(await count()).toBe(mailBefore);
    expect(await mailJobs(false)).toBeGreaterThan(0);
    expect(await mailJobs(true)).toBe(0);
    const admin = await signIn("companyAdmin");
    expect((await list(admin, "label=inbox")).length).toBeGreaterThanOrEqual(5);
  }, 120_000);
});
