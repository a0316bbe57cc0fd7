import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NotificationApi } from "../../src/domain/notifications/types";
import { companyMembers, notifications, statementFiles } from "../../src/server/db/schema";
import { createInvitation } from "../../src/server/modules/company/invitations";
import { setFileStatus } from "../../src/server/modules/files/extraction-job";
import { ensurePruneScheduled, pruneHandler } from "../../src/server/modules/notifications/prune-job";
import { notify } from "../../src/server/modules/notifications/store";
import { chatPeople } from "./chat-helpers";
import { createProperty } from "./file-helpers";
import { BASE_QUOTE, caller } from "./filing-helpers";
import { addMember, createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { itemBody, uuidv7 } from "./inventory-helpers";
import { openStream, until } from "./live-helpers";

let server: TestServer;
let call: ReturnType<typeof caller>;
let ann: TestUser; // admin of Ann Realty
let emp: TestUser; // employee of Ann Realty
let bob: TestUser; // admin of Bob Holdings (another company)
let staff: TestUser; // super admin (filing staff)

beforeAll(async () => {
  server = await startTestServer();
  call = caller(server);
  ({ ann, emp, bob } = await chatPeople(server));
  staff = await createTestUser(server, { displayName: "Stella", roles: ["ROLE_USER", "ROLE_SUPER_ADMIN"] });
});
afterAll(async () => server.close());

const db = () => server.database.db;

async function list(
  who: TestUser,
  query = "",
): Promise<{ items: NotificationApi[]; nextCursor: string | null; unread: number }> {
  const res = await call("GET", `/api/notifications${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const clear = () => db().delete(notifications);

let base: Promise<string> | undefined;
/** The server on a port, for the live stream (listening once for the whole file). */
const listening = () => {
  base ??= server.app.listen({ port: 0, host: "127.0.0.1" });
  return base;
};

describe("the caller's own notifications", () => {
  it("answers 401 to a guest on every route", async () => {
    const id = uuidv7();
    for (const [method, url] of [
      ["GET", "/api/notifications"],
      ["GET", "/api/notifications/unread-count"],
      ["POST", `/api/notifications/${id}/read`],
      ["POST", "/api/notifications/read-all"],
      ["DELETE", `/api/notifications/${id}`],
      ["POST", `/api/notifications/${id}/restore`],
    ] as const) {
      const res = await call(method, url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe("UNAUTHENTICATED");
    }
  });

  it("lists newest first by cursor, counts unread, and never lists another user's or company's", async () => {
    await clear();
    for (let i = 0; i < 5; i++) {
      await notify(db(), {
        type: "new_feature",
        companyId: ann.companyId,
        recipients: [ann.userId],
        description: `Feature ${i}`,
      });
    }
    await notify(db(), {
      type: "new_feature",
      companyId: bob.companyId,
      recipients: "members",
      description: "Bob's",
    });
    // Ann is no member of Bob Holdings: she is dropped, never told about it.
    expect(
      await notify(db(), {
        type: "job_add",
        companyId: bob.companyId,
        recipients: [ann.userId],
        description: "x",
      }),
    ).toEqual([]);

    const first = await list(ann, "?limit=2");
    expect(first.items.map((n) => n.description)).toEqual(["Feature 4", "Feature 3"]);
    expect(first.unread).toBe(5);
    expect(first.items[0]).toMatchObject({
      type: "new_feature",
      author: "Blocklot",
      company: "Ann Realty",
      companyId: ann.companyId,
      read: false,
      link: null,
    });
    const second = await list(ann, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((n) => n.description)).toEqual(["Feature 2", "Feature 1"]);
    const last = await list(ann, `?limit=2&cursor=${second.nextCursor}`);
    expect(last.items.map((n) => n.description)).toEqual(["Feature 0"]);
    expect(last.nextCursor).toBeNull();

    expect((await list(bob)).items.map((n) => n.description)).toEqual(["Bob's"]);
    expect((await list(emp)).items).toEqual([]);
    expect((await call("GET", "/api/notifications/unread-count", ann)).json()).toEqual({ unread: 5 });
  });

  it("answers 400 with a code for bad ids and parameters", async () => {
    for (const [method, url] of [
      ["GET", "/api/notifications?cursor=nonsense"],
      ["GET", "/api/notifications?limit=0"],
      ["GET", "/api/notifications?limit=101"],
      ["GET", "/api/notifications?sort=asc"],
      ["POST", "/api/notifications/not-a-uuid/read"],
      ["DELETE", "/api/notifications/123"],
      ["POST", "/api/notifications/123/restore"],
    ] as const) {
      const res = await call(method, url, ann);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toBe("VALIDATION");
      expect(res.json().message, url).toMatch(/cursor|limit|sort|id|must/i);
    }
  });

  it("marks one read, all read, removes one; another user's id answers 404 and changes nothing", async () => {
    const [mine] = (await list(ann)).items;
    const [bobs] = (await list(bob)).items;
    if (!mine || !bobs) throw new Error("fixtures missing");

    for (const [method, url] of [
      ["POST", `/api/notifications/${bobs.id}/read`],
      ["DELETE", `/api/notifications/${bobs.id}`],
      ["POST", `/api/notifications/${uuidv7()}/read`],
    ] as const) {
      const res = await call(method, url, ann);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe("NOT_FOUND");
    }
    expect((await list(bob)).items[0]).toMatchObject({ id: bobs.id, read: false });

    const read = await call("POST", `/api/notifications/${mine.id}/read`, ann);
    expect(read.json()).toEqual({ unread: 4 });
    expect((await call("POST", `/api/notifications/${mine.id}/read`, ann)).json()).toEqual({ unread: 4 });
    expect((await list(ann, "?unread=true")).items).toHaveLength(4);

    const all = await call("POST", "/api/notifications/read-all", ann);
    expect(all.json()).toEqual({ changed: 4, unread: 0 });
    expect((await list(ann)).items.every((n) => n.read)).toBe(true);
    expect((await list(bob)).unread).toBe(1);

    const removed = await call("DELETE", `/api/notifications/${mine.id}`, ann);
    expect(removed.statusCode).toBe(204);
    expect((await list(ann)).items.map((n) => n.id)).not.toContain(mine.id);
    expect((await call("DELETE", `/api/notifications/${mine.id}`, ann)).statusCode).toBe(404);
  });

  it("a removed notification is hidden, its undo brings it back at its place; another user's cannot be restored", async () => {
    await clear();
    for (const description of ["First", "Second", "Third"]) {
      await notify(db(), {
        type: "new_feature",
        companyId: ann.companyId,
        recipients: [ann.userId],
        description,
      });
    }
    await notify(db(), {
      type: "new_feature",
      companyId: bob.companyId,
      recipients: [bob.userId],
      description: "Bob's",
    });
    const [bobs] = (await list(bob)).items;
    const second = (await list(ann)).items.find((n) => n.description === "Second");
    if (!second || !bobs) throw new Error("fixtures missing");

    expect((await call("DELETE", `/api/notifications/${second.id}`, ann)).statusCode).toBe(204);
    const without = await list(ann);
    expect(without.items.map((n) => n.description)).toEqual(["Third", "First"]);
    expect(without.unread).toBe(2);
    expect((await call("GET", "/api/notifications/unread-count", ann)).json()).toEqual({ unread: 2 });
    expect((await call("POST", `/api/notifications/${second.id}/read`, ann)).statusCode).toBe(404);
    expect((await call("POST", "/api/notifications/read-all", ann)).json()).toEqual({
      changed: 2,
      unread: 0,
    });

    // Bob removes his own; neither Ann's undo nor an unknown id restores anything.
    expect((await call("DELETE", `/api/notifications/${bobs.id}`, bob)).statusCode).toBe(204);
    for (const id of [bobs.id, uuidv7()]) {
      const res = await call("POST", `/api/notifications/${id}/restore`, ann);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().code).toBe("NOT_FOUND");
    }
    expect((await list(bob)).items).toEqual([]);

    const restored = await call("POST", `/api/notifications/${second.id}/restore`, ann);
    expect(restored.statusCode, restored.body).toBe(204);
    const back = await list(ann);
    expect(back.items.map((n) => n.description)).toEqual(["Third", "Second", "First"]);
    expect(back.items[1]).toEqual(second); // unread, as it was removed
    expect(back.unread).toBe(1);
    // Again is harmless; Bob's own undo works.
    expect((await call("POST", `/api/notifications/${second.id}/restore`, ann)).statusCode).toBe(204);
    expect((await call("POST", `/api/notifications/${bobs.id}/restore`, bob)).statusCode).toBe(204);
    expect((await list(bob)).items.map((n) => n.id)).toEqual([bobs.id]);
  });

  it("a removed notification with a key comes back as new when its event happens again", async () => {
    await clear();
    const event = {
      type: "import_finished",
      companyId: ann.companyId,
      recipients: [ann.userId],
      key: "import:removed",
    } as const;
    await notify(db(), { ...event, description: "10 items saved" });
    const [first] = (await list(ann)).items;
    if (!first) throw new Error("fixtures missing");
    await call("DELETE", `/api/notifications/${first.id}`, ann);
    await notify(db(), { ...event, description: "20 items saved" });
    expect((await list(ann)).items).toMatchObject([
      { id: first.id, description: "20 items saved", read: false },
    ]);
  });

  it("hides a company's notifications from someone no longer its member", async () => {
    await clear();
    await notify(db(), {
      type: "job_add",
      companyId: ann.companyId,
      recipients: "members",
      description: "For members",
    });
    expect((await list(emp)).items).toHaveLength(1);
    await db()
      .delete(companyMembers)
      .where(and(eq(companyMembers.companyId, ann.companyId), eq(companyMembers.userId, emp.userId)));
    expect((await list(emp)).items).toEqual([]);
    expect((await call("POST", "/api/notifications/read-all", emp)).json()).toEqual({
      changed: 0,
      unread: 0,
    });
    await addMember(server, ann.companyId, emp.userId, ["ROLE_COMPANY_EMPLOYEE"], true);
  });
});

describe("product events notify the right members", () => {
  it("statement extracted and failed tell the uploader only", async () => {
    await clear();
    const propertyId = await createProperty(server, ann.companyId);
    const fileId = uuidv7();
    await db()
      .insert(statementFiles)
      .values({
        id: fileId,
        companyId: ann.companyId,
        propertyId,
        uploadedBy: emp.userId,
        fileName: "rent-roll.pdf",
        contentType: "application/pdf",
        kind: "pdf",
        size: 10,
        sha256: uuidv7(),
        storageKey: `test/${fileId}`,
        documentType: "other",
        status: "queued",
      });
    const deps = { db: db() };
    await setFileStatus(deps, fileId, "extracting");
    await setFileStatus(deps, fileId, "extracted", { pageCount: 3 });
    await setFileStatus(deps, fileId, "failed", { failureReason: "The PDF is password-protected" });
    const items = (await list(emp)).items;
    expect(items.map((n) => [n.type, n.description, n.link])).toEqual([
      [
        "statement_failed",
        "We could not read rent-roll.pdf: The PDF is password-protected",
        `/dashboard/files/${fileId}`,
      ],
      ["statement_extracted", "rent-roll.pdf was read: 3 pages", `/dashboard/files/${fileId}`],
    ]);
    expect((await list(ann)).items).toEqual([]);
    expect((await list(bob)).items).toEqual([]);
  });

  it("quote sent, invoice paid and filing filed tell every member of the company, from the staff member", async () => {
    await clear();
    const propertyId = await createProperty(server, ann.companyId);
    let f = (await call("POST", "/api/filings", ann, { propertyId, year: 2026 })).json();
    f = (await call("POST", `/api/filings/${f.id}/documents-sent`, emp, { version: f.version })).json();
    f = (
      await call("POST", `/api/admin/filings/${f.id}/transition`, staff, {
        to: "in_review",
        version: f.version,
      })
    ).json();
    const q = await call("POST", `/api/admin/filings/${f.id}/quote`, staff, BASE_QUOTE);
    expect(q.statusCode, q.body).toBe(201);
    for (const who of [ann, emp]) {
      const [n] = (await list(who)).items;
      expect(n).toMatchObject({
        type: "quote_sent",
        author: "Stella",
        job: "Filing staff",
        company: "Ann Realty",
        link: "/dashboard/filings",
      });
      expect(n?.description).toContain("$600.00");
    }
    const accepted = await call("POST", `/api/quotes/${q.json().quote.id}/accept`, ann);
    const invoice = accepted.json().invoice;
    const marked = await call("POST", `/api/admin/invoices/${invoice.id}/mark-received`, staff, {
      method: "bank_transfer",
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const [paid] = (await list(emp)).items;
    expect(paid).toMatchObject({ type: "invoice_paid", link: `/dashboard/invoices/${invoice.id}` });
    expect(paid?.description).toContain(invoice.number);

    f = marked.json();
    for (const to of ["mapping", "ready_to_file"]) {
      f = (
        await call("POST", `/api/admin/filings/${f.id}/transition`, staff, { to, version: f.version })
      ).json();
    }
    const filed = await call("POST", `/api/admin/filings/${f.id}/filed`, staff, {
      version: f.version,
      confirmationNumber: "RPIE-2026-4242",
      filedOn: "2026-05-20",
    });
    expect(filed.statusCode, filed.body).toBe(200);
    const [done] = (await list(ann)).items;
    expect(done).toMatchObject({ type: "filing_filed", author: "Stella" });
    expect(done?.description).toContain("RPIE-2026-4242");
    expect((await list(ann)).items.map((n) => n.type)).toEqual([
      "filing_filed",
      "invoice_paid",
      "quote_sent",
    ]);
    expect((await list(bob)).items).toEqual([]);
    // Staff are not members of Ann Realty: nothing for them.
    expect((await list(staff)).items).toEqual([]);
  });

  it("an accepted invitation tells the company's admins, not its employees or the newcomer", async () => {
    await clear();
    const { token } = await createInvitation(server.app.ctx, {
      companyId: ann.companyId,
      email: "newcomer@example.com",
      role: "ROLE_COMPANY_EMPLOYEE",
      invitedBy: ann.userId,
    });
    const newcomer = await createTestUser(server, { email: "newcomer@example.com", displayName: "Nia" });
    const res = await call("POST", `/api/invitation/${token}/accept`, newcomer);
    expect(res.statusCode, res.body).toBe(200);
    const [n] = (await list(ann)).items;
    expect(n).toMatchObject({
      type: "invitation_accepted",
      author: "Nia",
      link: "/dashboard/company-account",
      description: "newcomer@example.com accepted the invitation and joined Ann Realty",
    });
    expect((await list(emp)).items).toEqual([]);
    expect((await list(newcomer)).items).toEqual([]);
  });

  it("an import's chunks refresh one notification for the importing user with the batch's count", async () => {
    await clear();
    const batch = await call("POST", "/api/inventory/batches", emp, {
      id: uuidv7(),
      name: "Spring stock",
      sourceFileName: "items.csv",
      rowCount: 3,
    });
    expect(batch.statusCode, batch.body).toBe(201);
    const batchId = batch.json().id;
    const chunk = (skus: string[]) =>
      call("POST", "/api/inventory/items/bulk", emp, {
        items: skus.map((sku) => ({ id: uuidv7(), ...itemBody(sku), batchId })),
      });
    expect((await chunk(["IMP-1", "IMP-2"])).statusCode).toBe(200);
    let mine = (await list(emp)).items;
    expect(mine.map((n) => n.description)).toEqual(['Import "Spring stock": 2 of 3 items saved']);
    await call("POST", "/api/notifications/read-all", emp);
    expect((await chunk(["IMP-3"])).statusCode).toBe(200);
    mine = (await list(emp)).items;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      type: "import_finished",
      description: 'Import "Spring stock": 3 items saved',
      link: `/dashboard/item/${batchId}`,
      read: false,
    });
    expect((await list(ann)).items).toEqual([]);
  });
});

describe("live and pruning", () => {
  it("a new notification and mark all read reach the user's open stream, not another user's", async () => {
    await clear();
    const base = await listening();
    const annStream = await openStream(base, ann.token);
    const bobStream = await openStream(base, bob.token);
    try {
      await notify(db(), {
        type: "new_feature",
        companyId: ann.companyId,
        recipients: [ann.userId],
        description: "Live",
      });
      await until(() => annStream.of("notifications-changed").length === 1, 5000, "the new notification");
      expect(annStream.of("notifications-changed")[0]).toEqual({ userId: ann.userId });
      await call("POST", "/api/notifications/read-all", ann);
      await until(() => annStream.of("notifications-changed").length === 2, 5000, "the read state");
      const [live] = (await list(ann)).items;
      if (!live) throw new Error("fixtures missing");
      await call("DELETE", `/api/notifications/${live.id}`, ann);
      await until(() => annStream.of("notifications-changed").length === 3, 5000, "the removal");
      await call("POST", `/api/notifications/${live.id}/restore`, ann);
      await until(() => annStream.of("notifications-changed").length === 4, 5000, "the undo");
      expect(bobStream.of("notifications-changed")).toEqual([]);
    } finally {
      annStream.close();
      bobStream.close();
    }
  });

  it("a notification of a company that is not the user's active one reaches their stream and bell", async () => {
    await clear();
    const base = await listening();
    // Emp works in Ann Realty (the active company, primary) and owns Emp Own Co.
    const empStream = await openStream(base, emp.token);
    const annStream = await openStream(base, ann.token);
    try {
      await notify(db(), {
        type: "new_feature",
        companyId: emp.companyId,
        recipients: "members",
        description: "From the other company",
      });
      await until(
        () => empStream.of("notifications-changed").length === 1,
        5000,
        "the other company's notification",
      );
      expect(empStream.of("notifications-changed")[0]).toEqual({ userId: emp.userId });
      const bell = await list(emp);
      expect(bell.items).toMatchObject([{ description: "From the other company", company: "Emp Own Co" }]);
      expect(bell.unread).toBe(1);
      expect(annStream.of("notifications-changed")).toEqual([]);
    } finally {
      empStream.close();
      annStream.close();
    }
  });

  it("the daily job deletes read notifications older than 90 days and keeps the rest", async () => {
    await clear();
    const now = new Date("2026-11-26T12:00:00Z");
    const day = 86_400_000;
    const add = async (description: string, ageDays: number, read: boolean) => {
      await notify(db(), {
        type: "job_add",
        companyId: ann.companyId,
        recipients: [ann.userId],
        description,
      });
      await db()
        .update(notifications)
        .set({
          createdAt: new Date(now.getTime() - ageDays * day),
          readAt: read ? new Date(now.getTime() - ageDays * day) : null,
        })
        .where(eq(notifications.description, description));
    };
    await add("old read", 91, true);
    await add("old unread", 120, false);
    await add("recent read", 89, true);
    await add("removed two days ago", 3, false);
    await add("removed an hour ago", 3, true);
    for (const [description, ago] of [
      ["removed two days ago", 2 * day],
      ["removed an hour ago", 3_600_000],
    ] as const) {
      await db()
        .update(notifications)
        .set({ removedAt: new Date(now.getTime() - ago) })
        .where(eq(notifications.description, description));
    }
    const logged: object[] = [];
    const log = { info: (o: object) => logged.push(o), warn() {}, error() {} };
    await ensurePruneScheduled(db(), now);
    await pruneHandler({ db: db() }, log, () => now)();
    const left = await db().select({ d: notifications.description }).from(notifications);
    expect(left.map((r) => r.d).sort()).toEqual(["old unread", "recent read", "removed an hour ago"]);
    expect(logged).toEqual([{ deleted: 2 }]);
  });
});
