import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { eq, sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_COUNT_KEYS, DEMO_DATA_PATH, DEMO_SEED_LOCAL_PATH } from "../../src/domain/demo";
import { ITEM_STATUSES } from "../../src/domain/inventory/item";
import { ROLES } from "../../src/domain/roles";
import { currentFilingYear, todayInNewYork } from "../../src/domain/rpie";
import { companies, users } from "../../src/server/db/schema";
import { DEMO_ACCOUNTS } from "../../src/server/modules/demo/demo-accounts";
import { demoCounts } from "../../src/server/modules/demo/remove";
import { SEED_TOKEN_HEADER, signSeedToken } from "../../src/server/modules/demo/seed-token";
import { signAccessToken } from "../../src/server/plugins/access-token";
import { multipart, waitFor } from "./file-helpers";
import { createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";

/**
 * Demo data (issue 24): the seed fills a demo company through the product's own routes, seeding
 * twice gives the same data, every demo record is marked and removed in one step by a super admin,
 * and real data is untouched.
 */

let server: TestServer;
let dataDir: string;
let staff: TestUser;
let owner: TestUser;
let realFileId: string;
let realItemId: string;
let beforeSeed: Record<string, number>;
let realFiles: string[];

type Seeded = {
  companyId?: string;
  accounts: { key: string; email: string; password: string; roles: string[] }[];
  counts: Record<string, number>;
};
let first: Seeded;
/** Rows per table right after the first seed, before the tests sign in as demo accounts. */
let afterFirstSeed: Record<string, number>;

/** Rows per table (jobs: extraction jobs only; the scheduled reminder and cleanup jobs come and go). */
async function tableCounts(): Promise<Record<string, number>> {
  const tables = (
    (await server.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )) as unknown as { rows: { table_name: string }[] }
  ).rows.map((r) => r.table_name);
  const out: Record<string, number> = {};
  for (const t of tables) {
    // IP-keyed sign-in attempts of the test's own wrong passwords are not demo data.
    if (t === "auth_attempts") continue;
    // The seeded RPIE articles are real content, kept when the demo data goes (checked below).
    if (t === "articles") continue;
    const where = t === "jobs" ? sql` where kind = 'extract-file'` : sql``;
    const r = (await server.database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(t)}${where}`,
    )) as unknown as { rows: { n: number }[] };
    out[t] = Number(r.rows[0]?.n);
  }
  return out;
}

/** The stored files under DATA_DIR/files. */
function storedFiles(): string[] {
  const root = join(dataDir, "files");
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.name === ".tmp") continue;
      if (e.isDirectory()) walk(join(dir, e.name));
      else out.push(relative(root, join(dir, e.name)));
    }
  };
  walk(root);
  return out.sort();
}

const call = (
  method: "GET" | "POST" | "DELETE" | "PUT",
  url: string,
  who?: { authorization: string },
  payload?: unknown,
) =>
  server.app.inject({
    method,
    url,
    headers: who ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function signIn(email: string, password: string) {
  return server.app.inject({
    method: "POST",
    url: "/auth-jwt/connect/google/check",
    payload: { email, password },
  });
}

async function demoAuth(seeded: Seeded, key: string) {
  const a = seeded.accounts.find((x) => x.key === key);
  if (!a) throw new Error(`no ${key}`);
  const res = await signIn(a.email, a.password);
  expect(res.statusCode, a.email).toBe(200);
  return { authorization: `Bearer ${res.json().token as string}` };
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "blocklot-demo-"));
  server = await startTestServer({ DATA_DIR: dataDir, EXTRACTION_WORKERS: "2" });
  staff = await createTestUser(server, {
    displayName: "Stella Staff",
    roles: [ROLES.USER, ROLES.SUPER_ADMIN],
  });
  owner = await createTestUser(server, { displayName: "Rita Real", companyName: "Real Estate Co" });
  // Real data beside the demo: a property with a statement, an inventory item, a mail.
  const property = await call("POST", "/api/bbl", owner.auth, { bbl: "1-00123-0004", aav: 90_000 });
  expect(property.statusCode, property.body).toBe(201);
  const body = multipart(
    { bblId: property.json().id, documentType: "operating_statement", statementYear: "2025" },
    {
      name: "real.csv",
      data: Buffer.from("Description;2025\r\nResidential rent;120000,00\r\nInsurance;9000,00\r\n"),
    },
  );
  const upload = await server.app.inject({
    method: "POST",
    url: "/api/file/upload",
    headers: { ...owner.auth, ...body.headers },
    payload: body.payload,
  });
  expect(upload.statusCode, upload.body).toBe(201);
  realFileId = upload.json().id;
  await waitFor(
    async () =>
      (await call("GET", `/api/file/${realFileId}`, owner.auth)).json().status === "extracted"
        ? true
        : undefined,
    120_000,
    "the real statement to be extracted",
  );
  realItemId = uuidv7();
  const item = await call("PUT", `/api/inventory/items/${realItemId}`, owner.auth, {
    sku: "REAL-1",
    title: "Real item",
    description: "Not demo data",
    quantity: 1,
  });
  expect(item.statusCode, item.body).toBe(201);
  const reg = await call("POST", "/auth-jwt/register", undefined, {
    email: "real-person@example.com",
    password: "real password",
    displayName: "Real Person",
  });
  expect(reg.statusCode).toBe(201);
  beforeSeed = await tableCounts();
  realFiles = storedFiles();
}, 300_000);

afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("demo data routes", () => {
  it("are for super admins: 401 without a token, 403 for a company admin", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      expect((await call(method, DEMO_DATA_PATH)).statusCode).toBe(401);
      expect((await call(method, DEMO_DATA_PATH, owner.auth)).statusCode).toBe(403);
    }
    const empty = (await call("GET", DEMO_DATA_PATH, staff.auth)).json();
    expect(Object.values(empty.counts).every((n) => n === 0)).toBe(true);
    expect(empty.steps.map((s: { name: string }) => s.name)).toEqual([
      "accounts",
      "properties",
      "statements",
      "inventory",
      "filings",
      "ebay",
      "kanban",
      "calendar",
      "mail",
      "articles",
    ]);
  });

  it("take a hand-over only with a seed token signed with the server's key, from this machine", async () => {
    expect((await call("POST", DEMO_SEED_LOCAL_PATH)).statusCode).toBe(401);
    const forged = await signSeedToken(new TextEncoder().encode("another server's key, 32 chars long!"));
    const access = await signAccessToken(decodeJwt(staff.token) as never, server.config.jwtSecret, 60);
    for (const token of [forged, access, "not-a-jwt"]) {
      const res = await call("POST", DEMO_SEED_LOCAL_PATH, { [SEED_TOKEN_HEADER]: token } as never);
      expect(res.statusCode).toBe(401);
    }
    const remote = await server.app.inject({
      method: "POST",
      url: DEMO_SEED_LOCAL_PATH,
      remoteAddress: "10.1.2.3",
      headers: { [SEED_TOKEN_HEADER]: await signSeedToken(server.config.jwtSecret) },
    });
    expect(remote.statusCode).toBe(403);
    expect(Object.values(await demoCounts(server.database.db)).every((n) => n === 0)).toBe(true);
  });
});

describe("seeding", () => {
  it("fills the demo company through the product's routes, every record marked as demo", async () => {
    const res = await call("POST", DEMO_DATA_PATH, staff.auth);
    expect(res.statusCode, res.body).toBe(200);
    first = res.json();
    afterFirstSeed = await tableCounts();
    expect(first.counts).toMatchObject({
      companies: 4,
      users: 4,
      properties: 5,
      statementFiles: 6,
      filings: 7,
      invoices: 3,
      mappings: 2,
      batches: 3,
      products: 12,
      items: 200,
      // Every listed, sold or shipped item (36 + 22 + 10 + 12 + 14) and the 16 taken off eBay.
      ebayListings: 110,
      ebayOrders: 58,
      kanbanBoards: 1,
      kanbanTasks: 12,
      calendarEvents: 8,
    });
    expect(first.counts.photos).toBeGreaterThanOrEqual(36);
    expect(first.counts.mails).toBeGreaterThan(0);
    const demoUsers = await server.database.db.select().from(users).where(eq(users.demo, true));
    expect(demoUsers.map((u) => u.email).sort()).toEqual(
      Object.values(DEMO_ACCOUNTS)
        .map((a) => a.email)
        .sort(),
    );
    const demoCompanies = await server.database.db.select().from(companies).where(eq(companies.demo, true));
    expect(demoCompanies.map((c) => c.name)).toContain("Demo Realty LLC");
  }, 600_000);

  it("prints accounts that sign in with their roles", async () => {
    const expected: Record<string, string> = {
      companyAdmin: ROLES.COMPANY_ADMIN,
      employee: ROLES.COMPANY_EMPLOYEE,
      marketplace: ROLES.MARKETPLACE,
      superAdmin: ROLES.SUPER_ADMIN,
    };
    for (const a of first.accounts) {
      const res = await signIn(a.email, a.password);
      expect(res.statusCode, a.email).toBe(200);
      expect(decodeJwt(res.json().token).roles).toContain(expected[a.key]);
      expect(a.roles).toContain(expected[a.key]);
    }
  });

  it("gives properties across the boroughs with obligations, deadlines and penalties at risk", async () => {
    const admin = await demoAuth(first, "companyAdmin");
    const list = (await call("GET", "/api/bbl?rowsPerPage=100", admin)).json();
    const rows = (list.rows ?? list) as {
      borough: number;
      aav: number;
      assessment: { obligation: string; rentRollAddendum: boolean; penaltyIfLate: number; deadline: string };
    }[];
    expect(rows.map((p) => p.borough).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(rows.filter((p) => p.assessment.obligation === "claim-of-exclusion")).toHaveLength(1);
    expect(rows.some((p) => p.aav > 750_000 && p.assessment.rentRollAddendum)).toBe(true);
    expect(rows.every((p) => p.assessment.penaltyIfLate > 0 && p.assessment.deadline)).toBe(true);
  });

  it("gives filings at every stage, one overdue, the filed one with its outputs", async () => {
    const admin = await demoAuth(first, "companyAdmin");
    const filings = (await call("GET", "/api/filings", admin)).json() as {
      id: string;
      kind: string;
      state: string;
      year: number;
      deadline: string;
    }[];
    const stages = filings.map((f) => `${f.kind}:${f.state}`).sort();
    expect(stages).toEqual([
      "penalty_removal:in_review",
      "rpie:documents_requested",
      "rpie:documents_requested",
      "rpie:filed",
      "rpie:mapping",
      "rpie:paid",
      "rpie:quoted",
    ]);
    const today = todayInNewYork();
    const overdue = filings.filter((f) => f.state === "documents_requested" && f.deadline < today);
    expect(overdue).toHaveLength(1);
    expect(overdue[0]?.year).toBe(currentFilingYear(today) - 1);
    const filed = filings.find((f) => f.state === "filed");
    const docs = (await call("GET", `/api/filings/${filed?.id}/documents`, admin)).json().items as {
      kind: string;
    }[];
    expect(docs.map((d) => d.kind).sort()).toEqual(expect.arrayContaining(["csv", "pdf", "xlsx"]));
  });

  it("extracts every statement (the scan with OCR)", async () => {
    const admin = await demoAuth(first, "companyAdmin");
    const files = (await call("GET", "/api/file/company", admin)).json() as {
      id: string;
      fileName: string;
      status: string;
    }[];
    expect(files).toHaveLength(6);
    expect(files.every((f) => f.status === "extracted")).toBe(true);
    const scan = files.find((f) => f.fileName.includes("(scan)"));
    const extraction = (await call("GET", `/api/file/${scan?.id}/extraction`, admin)).json();
    const labels = JSON.stringify(extraction);
    expect(labels).toContain("Residential rent");
    expect(labels).toContain("Management fees");
  });

  it("gives 200 items in every status, in three batches, some with photos", async () => {
    const admin = await demoAuth(first, "employee");
    for (const status of ITEM_STATUSES) {
      const page = (await call("GET", `/api/inventory/items?status=${status}&rowsPerPage=1`, admin)).json();
      expect(page.total, status).toBeGreaterThan(0);
    }
    const batches = (await call("GET", "/api/inventory/batches", admin)).json();
    expect(batches.total).toBe(3);
    const all = (await call("GET", "/api/inventory/items?rowsPerPage=100&sortBy=sku", admin)).json();
    expect(all.total).toBe(200);
    const withPhoto = (all.rows as { photos: string[] }[]).find((i) => i.photos.length > 0);
    const photo = await call("GET", withPhoto?.photos[0] as string, admin);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers["content-type"]).toBe("image/webp");
  });
});

describe("the demo company's eBay side and board", () => {
  it("shows listings in their states with ids and links, orders of the sold items, and no eBay work queued", async () => {
    const seller = await demoAuth(first, "employee");
    const listings = (await call("GET", "/api/ebay/listings", seller)).json() as {
      itemId: string;
      state: string;
      listingId: string | null;
      listingUrl: string | null;
    }[];
    const byState = (s: string) => listings.filter((l) => l.state === s);
    expect(byState("published")).toHaveLength(94);
    expect(byState("withdrawn")).toHaveLength(10);
    expect(byState("deleted")).toHaveLength(6);
    expect(byState("pending").length + byState("failed").length).toBe(0);
    for (const l of listings) {
      expect(l.listingId).toMatch(/^DEMO-\d+$/);
      expect(l.listingUrl).toBe(`https://sandbox.ebay.com/itm/${l.listingId}`);
    }
    // A listed item's own view (the item page's eBay section asks by item id).
    const one = listings[0] as (typeof listings)[number];
    const item = (await call("GET", `/api/inventory/items/${one.itemId}`, seller)).json();
    expect([
      "listed",
      "sold",
      "awaiting_shipment",
      "shipped",
      "delivered",
      "withdrawn_from_ebay",
      "deleted_from_ebay",
    ]).toContain(item.status);
    const mine = (await call("GET", `/api/ebay/listings?itemIds=${one.itemId}`, seller)).json();
    expect(mine).toHaveLength(1);

    const orders = (await call("GET", "/api/ebay/orders?rowsPerPage=100", seller)).json() as {
      total: number;
      rows: { itemId: string; status: string; orderId: string; price: number }[];
    };
    expect(orders.total).toBe(58);
    expect(new Set(orders.rows.map((o) => o.status))).toEqual(
      new Set(["sold", "awaiting_shipment", "shipped", "delivered"]),
    );
    for (const o of orders.rows) {
      expect(o.orderId).toMatch(/^DEMO-/);
      const sold = (await call("GET", `/api/inventory/items/${o.itemId}`, seller)).json();
      expect(sold.status).toBe(o.status);
    }
    // Nothing for an eBay job to do: no job would ever call eBay for the demo company.
    const queued = (await server.database.db.execute(
      sql`select count(*)::int as n from jobs where kind like 'ebay%' and payload->>'companyId' = ${first.companyId ?? ""}`,
    )) as unknown as { rows: { n: number }[] };
    expect(queued.rows[0]?.n).toBe(0);
  });

  it("gives a board with four columns and twelve tasks, with checklists, comments and due dates", async () => {
    const employee = await demoAuth(first, "employee");
    const boards = (await call("GET", "/api/kanban/boards", employee)).json().rows as { id: string }[];
    expect(boards).toHaveLength(1);
    const columns = (await call("GET", "/api/kanban/columns", employee)).json().rows as { name: string }[];
    expect(columns.map((c) => c.name).sort()).toEqual(["Done", "In progress", "To do", "Waiting"]);
    const tasks = (await call("GET", "/api/kanban/tasks", employee)).json().rows as {
      id: string;
      dueDate: string | null;
      checklists: { items: unknown[] }[];
    }[];
    expect(tasks).toHaveLength(12);
    expect(tasks.filter((t) => t.checklists.length > 0).length).toBeGreaterThanOrEqual(3);
    expect(tasks.some((t) => t.dueDate !== null && t.dueDate < todayInNewYork())).toBe(true);
    const comments = (await call("GET", "/api/kanban/comments", employee)).json().rows as {
      taskId: string;
    }[];
    expect(comments.length).toBeGreaterThanOrEqual(4);
    expect(comments.every((c) => tasks.some((t) => t.id === c.taskId))).toBe(true);
  });
});

describe("the demo calendar", () => {
  it("gives company events around today, and the employee's private one only to the employee", async () => {
    const employee = await demoAuth(first, "employee");
    const admin = await demoAuth(first, "companyAdmin");
    type Row = { title: string; visibility: string; allDay: boolean; start: string };
    const seen = (await call("GET", "/api/calendar/events", employee)).json().rows as Row[];
    const adminSees = (await call("GET", "/api/calendar/events", admin)).json().rows as Row[];
    expect(seen).toHaveLength(8);
    expect(adminSees).toHaveLength(7);
    expect(seen.filter((e) => e.visibility === "private").map((e) => e.title)).toEqual(["Dentist"]);
    expect(seen.some((e) => e.allDay) && seen.some((e) => !e.allDay)).toBe(true);
    // Timed events start at the New York hour they were written for (10:00 is 14:00 or 15:00 UTC).
    const walk = seen.find((e) => e.title.startsWith("Walk-through")) as Row;
    expect(["14:00", "15:00"]).toContain(walk.start.slice(11, 16));
  });
});

describe("seeding again", () => {
  it("gives the same data, not double (handed over as npm run seed does while the server runs)", async () => {
    const filesBefore = storedFiles().length;
    const res = await call("POST", DEMO_SEED_LOCAL_PATH, {
      [SEED_TOKEN_HEADER]: await signSeedToken(server.config.jwtSecret),
    } as never);
    expect(res.statusCode, res.body).toBe(200);
    const second = res.json() as Seeded;
    // Every table as the first seed left it: the sign-ins of the tests above (their refresh
    // tokens and audit entries) went with the old demo accounts, nothing was added twice.
    expect(await tableCounts()).toEqual(afterFirstSeed);
    expect(second.counts).toEqual(first.counts);
    // The old demo files went with the old demo data: the store holds as many files as before.
    expect(storedFiles().length).toBe(filesBefore);
    for (const a of second.accounts) {
      const old = first.accounts.find((x) => x.key === a.key);
      expect(a.password).not.toBe(old?.password);
      expect((await signIn(a.email, old?.password as string)).statusCode).toBe(401);
    }
    first = second;
  }, 600_000);
});

describe("removing the demo data", () => {
  it("takes every demo record and file away in one step, leaving real data untouched", async () => {
    const res = await call("DELETE", DEMO_DATA_PATH, staff.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().removed).toEqual(first.counts);
    const after = await demoCounts(server.database.db);
    for (const k of DEMO_COUNT_KEYS) expect(after[k], k).toBe(0);
    expect(await tableCounts()).toEqual(beforeSeed);
    expect(storedFiles()).toEqual(realFiles);
    // The real company's records still answer.
    expect((await call("GET", `/api/file/${realFileId}`, owner.auth)).json().status).toBe("extracted");
    expect((await call("GET", `/api/file/download/${realFileId}`, owner.auth)).statusCode).toBe(200);
    expect((await call("GET", `/api/inventory/items/${realItemId}`, owner.auth)).statusCode).toBe(200);
    for (const a of first.accounts) expect((await signIn(a.email, a.password)).statusCode).toBe(401);
    // The RPIE articles stay published for guests.
    const articles = (await call("GET", "/api/articles")).json() as { total: number };
    expect(articles.total).toBe(5);
    // Nothing left to remove: a second removal changes nothing.
    const again = (await call("DELETE", DEMO_DATA_PATH, staff.auth)).json();
    expect(Object.values(again.removed).every((n) => n === 0)).toBe(true);
  }, 300_000);
});
