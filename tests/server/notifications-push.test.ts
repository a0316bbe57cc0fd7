import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webpush from "web-push";
import { defaultPushSettings } from "../../src/domain/notifications/push";
import { jobs, notifications, pushSubscriptions } from "../../src/server/db/schema";
import { NOTIFICATION_PUSH_JOB } from "../../src/server/modules/notifications/push-store";
import { notify } from "../../src/server/modules/notifications/store";
import { type PushServiceDouble, startPushService } from "./doubles/push-service";
import { caller } from "./filing-helpers";
import { createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { until } from "./live-helpers";

const SUBS = "/api/notifications/push/subscriptions";
const SETTINGS = "/api/notifications/push/settings";

let server: TestServer;
let push: PushServiceDouble;
let call: ReturnType<typeof caller>;
let ann: TestUser; // admin of Ann Realty
let bob: TestUser; // admin of Bob Holdings
const vapid = webpush.generateVAPIDKeys();

beforeAll(async () => {
  push = await startPushService(vapid.publicKey);
  server = await startTestServer(
    {},
    {
      push: {
        ...vapid,
        subject: "mailto:push-test@example.com",
        generated: false,
        // The double runs on http://127.0.0.1, which a real server refuses (push-endpoint.test.ts).
        allowLocalEndpoints: true,
      },
    },
  );
  call = caller(server);
  ann = await createTestUser(server, { displayName: "Ann", companyName: "Ann Realty" });
  bob = await createTestUser(server, { displayName: "Bob", companyName: "Bob Holdings" });
});
afterAll(async () => {
  await server.close();
  await push.close();
});

const db = () => server.database.db;

async function subscriptionsOf(who: TestUser) {
  return db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, who.userId));
}

function pushJobsFor(notificationId: string) {
  return db()
    .select()
    .from(jobs)
    .where(
      and(eq(jobs.kind, NOTIFICATION_PUSH_JOB), sql`${jobs.payload}->>'notificationId' = ${notificationId}`),
    );
}

async function newNotification(
  who: TestUser,
  fields: { type?: "new_feature" | "quote_sent"; description: string; link?: string },
) {
  await notify(db(), {
    type: fields.type ?? "new_feature",
    companyId: who.companyId,
    recipients: [who.userId],
    description: fields.description,
    link: fields.link,
  });
  const [row] = await db()
    .execute<{ id: string }>(
      sql`select id from notifications where user_id = ${who.userId} and description = ${fields.description}`,
    )
    .then((r) => (r as unknown as { rows: { id: string }[] }).rows);
  if (!row) throw new Error("notification not created");
  return row.id;
}

describe("push subscriptions", () => {
  it("answers 401 to a guest on every route", async () => {
    for (const [method, url] of [
      ["GET", "/api/notifications/push/public-key"],
      ["POST", SUBS],
      ["DELETE", SUBS],
      ["GET", SETTINGS],
      ["PATCH", SETTINGS],
    ] as const) {
      const res = await call(method, url, undefined, method === "GET" ? undefined : {});
      expect(res.statusCode, url).toBe(401);
    }
  });

  it("gives the VAPID public key the server signs with", async () => {
    const res = await call("GET", "/api/notifications/push/public-key", ann);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publicKey: vapid.publicKey });
  });

  it("refuses a malformed subscription with a clear 400 and stores nothing", async () => {
    const good = push.device().json;
    const cases: [unknown, RegExp][] = [
      [{}, /endpoint/],
      [{ endpoint: good.endpoint }, /keys/],
      [{ ...good, keys: { ...good.keys, p256dh: "abc" } }, /p256dh/],
      [{ ...good, keys: { ...good.keys, p256dh: `${good.keys.p256dh}!` } }, /p256dh/],
      [{ ...good, keys: { ...good.keys, auth: "c2hvcnQ" } }, /auth/],
      [{ ...good, endpoint: "not a url" }, /endpoint/],
      [{ ...good, endpoint: `${good.endpoint}${"x".repeat(2100)}` }, /endpoint/],
      [{ ...good, extra: 1 }, /extra/],
      [{ ...good, keys: { ...good.keys, auth: 5 } }, /auth/],
      [[good], /object/],
    ];
    for (const [body, message] of cases) {
      const res = await call("POST", SUBS, ann, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await subscriptionsOf(ann)).toHaveLength(0);
  });

  it("stores one row per device, and a user cannot remove another's", async () => {
    const phone = push.device().json;
    expect((await call("POST", SUBS, ann, phone)).statusCode).toBe(204);
    expect((await call("POST", SUBS, ann, phone)).statusCode).toBe(204);
    expect(await subscriptionsOf(ann)).toHaveLength(1);

    const other = await call("DELETE", SUBS, bob, { endpoint: phone.endpoint });
    expect(other.statusCode).toBe(404);
    expect(await subscriptionsOf(ann)).toHaveLength(1);

    expect((await call("DELETE", SUBS, ann, { endpoint: phone.endpoint })).statusCode).toBe(204);
    expect(await subscriptionsOf(ann)).toHaveLength(0);
    expect((await call("DELETE", SUBS, ann, { endpoint: phone.endpoint })).statusCode).toBe(404);
    expect((await call("DELETE", SUBS, ann, {})).statusCode).toBe(400);
  });

  it("moves a device to the account that subscribes it last", async () => {
    const shared = push.device().json;
    await call("POST", SUBS, ann, shared);
    await call("POST", SUBS, bob, shared);
    expect((await subscriptionsOf(ann)).map((s) => s.endpoint)).not.toContain(shared.endpoint);
    expect((await subscriptionsOf(bob)).map((s) => s.endpoint)).toContain(shared.endpoint);
    await call("DELETE", SUBS, bob, { endpoint: shared.endpoint });
  });
});

describe("per-type push settings", () => {
  it("starts with every type on, keeps a change, and refuses unknown types or values", async () => {
    const start = await call("GET", SETTINGS, ann);
    expect(start.json()).toEqual(defaultPushSettings());

    const off = await call("PATCH", SETTINGS, ann, { quote_sent: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ ...defaultPushSettings(), quote_sent: false });
    expect((await call("GET", SETTINGS, ann)).json().quote_sent).toBe(false);
    // Bob's are his own.
    expect((await call("GET", SETTINGS, bob)).json().quote_sent).toBe(true);

    for (const bad of [{ bogus_type: true }, { quote_sent: "maybe" }, {}]) {
      const res = await call("PATCH", SETTINGS, ann, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });
});

describe("sending", () => {
  it("pushes a new notification to the user's device: VAPID-signed, encrypted, with title, body and link", async () => {
    const phone = push.device();
    expect((await call("POST", SUBS, ann, phone.json)).statusCode).toBe(204);
    const before = push.received.length;
    const id = await newNotification(ann, {
      description: "Statement 2025.pdf was read",
      link: "/dashboard/filings",
    });

    await until(() => push.received.length > before, 10_000, "the push");
    const got = push.received.at(-1);
    expect(push.rejected).toEqual([]);
    expect(got?.endpoint).toBe(phone.endpoint);
    expect(got?.claims.sub).toBe("mailto:push-test@example.com");
    expect(got?.claims.aud).toBe(push.origin);
    expect(got?.payload).toEqual({
      title: "Ann Realty",
      body: "Statement 2025.pdf was read",
      url: "/dashboard/filings",
      tag: id,
    });
    // Bob has no part in Ann's notification.
    expect(push.received.every((r) => JSON.stringify(r.payload).includes("Bob") === false)).toBe(true);
    const [job] = await pushJobsFor(id);
    expect(job?.status === "done" || job?.status === "running").toBe(true);
  });

  it("sends nothing for a type switched off", async () => {
    await call("PATCH", SETTINGS, ann, { quote_sent: false });
    const before = push.received.length;
    const id = await newNotification(ann, { type: "quote_sent", description: "Quote for 1-00001-0001 sent" });
    expect(await pushJobsFor(id)).toHaveLength(0);
    // A type still on is pushed to the same device: the switch is per type.
    await newNotification(ann, { description: "A new feature" });
    await until(() => push.received.length > before, 10_000, "the push of the type still on");
    expect(push.received.slice(before).map((r) => r.payload.body)).toEqual(["A new feature"]);
  });

  it("sends nothing for a notification removed before its push went out", async () => {
    const phone = push.device();
    expect((await call("POST", SUBS, ann, phone.json)).statusCode).toBe(204);
    const before = push.received.length;
    const description = "Removed at once";
    await db().transaction(async (tx) => {
      await notify(tx, {
        type: "new_feature",
        companyId: ann.companyId,
        recipients: [ann.userId],
        description,
      });
      await tx
        .update(notifications)
        .set({ removedAt: new Date() })
        .where(eq(notifications.description, description));
    });
    const [removed] = await db()
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.description, description));
    if (!removed) throw new Error("notification not created");
    await newNotification(ann, { description: "Kept" });
    await until(() => push.received.length > before, 10_000, "the push of the kept one");
    const end = Date.now() + 10_000;
    while ((await pushJobsFor(removed.id))[0]?.status !== "done") {
      if (Date.now() > end) throw new Error("the removed notification's push job did not finish");
      await new Promise((r) => setTimeout(r, 50));
    }
    const bodies = push.received.slice(before).map((r) => r.payload.body);
    expect(bodies).toContain("Kept");
    expect(bodies).not.toContain(description);
  });

  it("removes a subscription the push service says is gone (410)", async () => {
    const old = push.device();
    await call("POST", SUBS, ann, old.json);
    push.answer(old.endpoint, 410);
    await newNotification(ann, { description: "To a gone device" });
    const end = Date.now() + 10_000;
    while ((await subscriptionsOf(ann)).some((s) => s.endpoint === old.endpoint)) {
      if (Date.now() > end) throw new Error("the gone subscription was not removed");
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  it("retries another failure per the jobs table's rules", async () => {
    await db().delete(pushSubscriptions).where(eq(pushSubscriptions.userId, ann.userId));
    const flaky = push.device();
    await call("POST", SUBS, ann, flaky.json);
    push.answer(flaky.endpoint, 503);
    const id = await newNotification(ann, { description: "Service down" });
    const end = Date.now() + 10_000;
    for (;;) {
      const [job] = await pushJobsFor(id);
      if (job && job.attempts >= 1 && job.status === "queued") {
        expect(job.lastError).toMatch(/503/);
        expect(job.runAt.getTime()).toBeGreaterThan(Date.now());
        break;
      }
      if (Date.now() > end) throw new Error(`no retry queued: ${JSON.stringify(job)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await subscriptionsOf(ann)).toHaveLength(1);
  });
});
