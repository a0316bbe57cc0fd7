/**
 * Calendar on the sync module (docs/calendar.md): events of a company, private ones read only by
 * their owner (routes, list and feed), tombstones, idempotent replays; the company's product
 * dates; the secret ICS feed (revoked → 404, another member's feed without my private events).
 * Runs on PGlite and PostgreSQL.
 */
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALENDAR_EVENT_TYPE } from "../../src/domain/calendar/synced-types";
import { currentFilingYear, filingDeadline, todayInNewYork } from "../../src/domain/rpie";
import { WRITE_BATCH_PATH } from "../../src/domain/sync/write-batch";
import { ebayOrders, properties } from "../../src/server/db/schema";
import { addMember, createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { pullAll, uuidv7 } from "./inventory-helpers";

let server: TestServer;
let alice: TestUser;
let emp: TestUser;
let noRole: TestUser;
let bob: TestUser;
const PATH = CALENDAR_EVENT_TYPE.path;

beforeAll(async () => {
  server = await startTestServer();
  alice = await createTestUser(server);
  emp = await createTestUser(server);
  await addMember(server, alice.companyId, emp.userId, ["ROLE_COMPANY_EMPLOYEE"], true);
  noRole = await createTestUser(server);
  await addMember(server, alice.companyId, noRole.userId, [], true);
  bob = await createTestUser(server);
}, 300_000);
afterAll(async () => server?.close());

const inject = (method: string, url: string, auth: { authorization: string }, payload?: unknown) =>
  server.app.inject({ method: method as "GET", url, headers: auth, payload: payload as object });

const event = (over: Record<string, unknown> = {}) => ({
  title: "Inspection",
  start: "2026-06-02T13:00:00.000Z",
  end: "2026-06-02T14:00:00.000Z",
  ...over,
});

async function put(auth: { authorization: string }, body: Record<string, unknown>, id = uuidv7()) {
  const res = await inject("PUT", `${PATH}/${id}`, auth, body);
  return { id, res };
}

describe("calendar events", () => {
  it("a member creates, moves and deletes an event; the owner and defaults are set by the server", async () => {
    const e = await put(alice.auth, event({ description: "Boiler" }));
    expect(e.res.statusCode).toBe(201);
    expect(e.res.json()).toMatchObject({
      ownerId: alice.userId,
      allDay: false,
      colour: "blue",
      visibility: "company",
      version: 1,
    });
    // a drag: both bounds in one PATCH, by another member
    const moved = await inject("PATCH", `${PATH}/${e.id}`, emp.auth, {
      start: "2026-06-03T13:00:00.000Z",
      end: "2026-06-03T15:30:00.000Z",
      version: 1,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ version: 2, start: "2026-06-03T13:00:00.000Z" });
    expect((await inject("DELETE", `${PATH}/${e.id}?version=1`, emp.auth)).statusCode).toBe(409);
    expect((await inject("DELETE", `${PATH}/${e.id}`, emp.auth)).statusCode).toBe(204);
    expect((await inject("GET", `${PATH}/${e.id}`, alice.auth)).statusCode).toBe(404);
  });

  it("answers bad input with 400: an end before the start, a bad day, a bound out of 1900–2099, a colour", async () => {
    const bad = [
      event({ end: "2026-06-02T12:00:00.000Z" }),
      event({ allDay: true, start: "2026-02-30", end: "2026-03-01" }),
      event({ allDay: true, start: "1899-12-31", end: "1900-01-02" }),
      event({ start: "tomorrow" }),
      event({ title: " " }),
      { ...event(), colour: "neon" },
    ];
    for (const body of bad) expect((await put(alice.auth, body)).res.statusCode).toBe(400);
    const ok = await put(alice.auth, event({ allDay: true, start: "2099-12-31", end: "2100-01-01" }));
    expect(ok.res.statusCode).toBe(201);
    // a PATCH of one bound is checked against the other one it keeps
    const res = await inject("PATCH", `${PATH}/${ok.id}`, alice.auth, { end: "2099-12-30", version: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^end:/);
  });

  it("keeps companies apart and lets only members in", async () => {
    const e = await put(alice.auth, event());
    expect((await inject("GET", `${PATH}/${e.id}`, bob.auth)).statusCode).toBe(404);
    expect((await inject("PATCH", `${PATH}/${e.id}`, bob.auth, { title: "x", version: 1 })).statusCode).toBe(
      404,
    );
    expect((await put(bob.auth, event(), e.id)).res.statusCode).toBe(409);
    const list = await inject("GET", PATH, bob.auth);
    expect(list.json().rows.map((r: { id: string }) => r.id)).not.toContain(e.id);
    expect((await inject("GET", PATH, noRole.auth)).statusCode).toBe(403);
    expect((await inject("GET", "/api/calendar/product-dates", noRole.auth)).statusCode).toBe(403);
  });

  it("a private event is its owner's alone: 404 to other members, out of their list, a tombstone in their feed", async () => {
    const start = await pullAll(server, emp.auth, undefined);
    const priv = await put(alice.auth, event({ title: "Dentist", visibility: "private" }));
    const shared = await put(alice.auth, event({ title: "Team lunch" }));
    expect((await inject("GET", `${PATH}/${priv.id}`, emp.auth)).statusCode).toBe(404);
    expect(
      (await inject("PATCH", `${PATH}/${priv.id}`, emp.auth, { title: "x", version: 1 })).statusCode,
    ).toBe(404);
    expect((await inject("DELETE", `${PATH}/${priv.id}`, emp.auth)).statusCode).toBe(404);
    expect((await inject("GET", `${PATH}/${priv.id}`, alice.auth)).statusCode).toBe(200);
    const empList = (await inject("GET", PATH, emp.auth)).json().rows.map((r: { id: string }) => r.id);
    expect(empList).toContain(shared.id);
    expect(empList).not.toContain(priv.id);
    const aliceList = (await inject("GET", PATH, alice.auth)).json().rows.map((r: { id: string }) => r.id);
    expect(aliceList).toEqual(expect.arrayContaining([priv.id, shared.id]));

    const feed = await pullAll(server, emp.auth, start.cursor);
    const seen = feed.changes.filter((c) => c.entity === "calendar-event");
    expect(seen.find((c) => c.id === shared.id)).toMatchObject({
      deleted: false,
      row: { title: "Team lunch" },
    });
    expect(seen.find((c) => c.id === priv.id)).toEqual({
      entity: "calendar-event",
      id: priv.id,
      deleted: true,
      row: null,
    });
    expect(JSON.stringify(feed.changes)).not.toContain("Dentist");
    // a shared event made private leaves the other member's device; the owner keeps it
    await inject("PATCH", `${PATH}/${shared.id}`, alice.auth, { visibility: "private", version: 1 });
    const later = await pullAll(server, emp.auth, feed.cursor);
    expect(later.changes).toEqual([{ entity: "calendar-event", id: shared.id, deleted: true, row: null }]);
    const mine = await pullAll(server, alice.auth, feed.cursor);
    expect(mine.changes[0]).toMatchObject({ id: shared.id, deleted: false, row: { visibility: "private" } });
    // deleting: a tombstone for every member
    await inject("DELETE", `${PATH}/${shared.id}`, alice.auth);
    const gone = await pullAll(server, alice.auth, mine.cursor);
    expect(gone.changes).toEqual([{ entity: "calendar-event", id: shared.id, deleted: true, row: null }]);
    // bob's company sees none of it
    const bobFeed = await pullAll(server, bob.auth, undefined);
    expect(bobFeed.changes.filter((c) => c.id === priv.id || c.id === shared.id)).toEqual([]);
  });

  it("a replayed write batch creates, moves and deletes once", async () => {
    const id = uuidv7();
    const writes = [
      { method: "PUT", url: `${PATH}/${id}`, body: event({ title: "Once" }), idempotencyKey: uuidv7() },
      {
        method: "PATCH",
        url: `${PATH}/${id}`,
        body: { start: "2026-06-02T15:00:00.000Z", end: "2026-06-02T16:00:00.000Z", version: 1 },
        idempotencyKey: uuidv7(),
      },
    ];
    const send = () => inject("POST", WRITE_BATCH_PATH, alice.auth, { writes });
    expect((await send()).json().answers.map((a: { status: number }) => a.status)).toEqual([201, 200]);
    const again = await send();
    expect(
      again.json().answers.map((a: { status: number; replayed?: boolean }) => [a.status, a.replayed]),
    ).toEqual([
      [201, true],
      [200, true],
    ]);
    expect((await inject("GET", `${PATH}/${id}`, alice.auth)).json()).toMatchObject({
      version: 2,
      title: "Once",
    });
  });
});

describe("product dates and the ICS feed", () => {
  let propertyId: string;
  const today = todayInNewYork();
  const deadline = filingDeadline(currentFilingYear(today));

  beforeAll(async () => {
    propertyId = uuidv7();
    await server.database.db.insert(properties).values({
      id: propertyId,
      companyId: alice.companyId,
      bbl: "1009990001",
      borough: 1,
      block: 999,
      lot: 1,
      address: "1 Main St",
      aav: 900_000,
      residentialUnits: 30,
    });
    await server.database.db.insert(ebayOrders).values({
      id: uuidv7(),
      companyId: alice.companyId,
      orderId: "ORD-1",
      lineItemId: "L1",
      sku: "S1",
      title: "Brass lamp",
      quantity: 1,
      priceCents: 2500,
      status: "awaiting_shipment",
      orderCreatedAt: new Date("2026-06-05T15:00:00Z"), // a Friday
      lastModifiedAt: new Date("2026-06-05T15:00:00Z"),
    });
  });

  it("serves the company's RPIE deadline (June 1 moved to a business day), reminders and eBay orders to ship", async () => {
    const res = await inject("GET", "/api/calendar/product-dates", emp.auth);
    expect(res.statusCode).toBe(200);
    const dates = res.json().dates as {
      id: string;
      kind: string;
      date: string;
      link: string;
      subject: string;
    }[];
    expect(dates).toContainEqual(
      expect.objectContaining({
        kind: "rpie-deadline",
        date: deadline,
        subject: "1 Main St (BBL 1009990001)",
      }),
    );
    expect(dates.filter((d) => d.kind === "filing-reminder" && d.id.includes(propertyId))).toHaveLength(3);
    // ordered Friday → shipped by Monday
    expect(dates).toContainEqual(
      expect.objectContaining({ kind: "ebay-ship", date: "2026-06-08", subject: "Brass lamp" }),
    );
    const bobs = (await inject("GET", "/api/calendar/product-dates", bob.auth)).json().dates;
    expect(bobs).toEqual([]);
  });

  it("a member's secret feed: their events, private ones only for them, the product dates; a revoked URL is 404", async () => {
    const priv = await put(
      alice.auth,
      event({ title: "Alice private; 1:1, \\ notes", visibility: "private" }),
    );
    const shared = await put(
      alice.auth,
      event({ title: "All hands", allDay: true, start: "2026-07-01", end: "2026-07-03" }),
    );
    expect((await inject("GET", "/api/calendar/feed", emp.auth)).json()).toEqual({
      active: false,
      createdAt: null,
    });
    const made = await inject("POST", "/api/calendar/feed", emp.auth);
    expect(made.statusCode).toBe(201);
    const url = new URL(made.json().url);
    expect(url.pathname).toMatch(/^\/api\/calendar\/ics\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await server.app.inject({ method: "GET", url: url.pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toMatch(/^text\/calendar/);
    const vevents = new ICAL.Component(ICAL.parse(feed.body))
      .getAllSubcomponents("vevent")
      .map((v) => new ICAL.Event(v));
    const titles = vevents.map((v) => v.summary);
    expect(titles).toContain("All hands");
    expect(titles).toContain("RPIE due: 1 Main St (BBL 1009990001)");
    expect(titles.join("\n")).not.toContain("Alice private");
    expect(feed.body).not.toContain(priv.id);
    const allHands = vevents.find((v) => v.summary === "All hands");
    expect(allHands?.uid).toBe(`${shared.id}@localhost`);
    expect(allHands?.startDate.isDate).toBe(true);
    expect(allHands?.startDate.toString()).toBe("2026-07-01");
    expect(allHands?.endDate.toString()).toBe("2026-07-03");

    // alice's own feed has her private event, escaped and parsed back exactly
    const aliceUrl = new URL((await inject("POST", "/api/calendar/feed", alice.auth)).json().url);
    const aliceFeed = (await server.app.inject({ method: "GET", url: aliceUrl.pathname })).body;
    expect(aliceFeed).toContain("SUMMARY:Alice private\\; 1:1\\, \\\\ notes");
    const mine = new ICAL.Component(ICAL.parse(aliceFeed))
      .getAllSubcomponents("vevent")
      .map((v) => new ICAL.Event(v))
      .find((v) => v.uid === `${priv.id}@localhost`);
    expect(mine?.summary).toBe("Alice private; 1:1, \\ notes");
    expect(mine?.startDate.toUnixTime()).toBe(Date.parse("2026-06-02T13:00:00Z") / 1000);

    // revoking: the old URL is gone; a new URL replaces an old one
    expect((await inject("GET", "/api/calendar/feed", emp.auth)).json().active).toBe(true);
    expect((await inject("DELETE", "/api/calendar/feed", emp.auth)).statusCode).toBe(204);
    const after = await server.app.inject({ method: "GET", url: url.pathname });
    expect(after.statusCode).toBe(404);
    expect(after.json().code).toBe("NOT_FOUND");
    const again = new URL((await inject("POST", "/api/calendar/feed", alice.auth)).json().url);
    expect((await server.app.inject({ method: "GET", url: aliceUrl.pathname })).statusCode).toBe(404);
    expect((await server.app.inject({ method: "GET", url: again.pathname })).statusCode).toBe(200);
    // a malformed token is 400, an unknown one 404
    expect((await server.app.inject({ method: "GET", url: "/api/calendar/ics/x.ics" })).statusCode).toBe(400);
    expect(
      (await server.app.inject({ method: "GET", url: `/api/calendar/ics/${"a".repeat(43)}.ics` })).statusCode,
    ).toBe(404);
  });
});
