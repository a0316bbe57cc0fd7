import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLES } from "../../src/domain/roles";
import { companies, properties, statementFiles } from "../../src/server/db/schema";
import { createProperty } from "./file-helpers";
import { createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { itemBody, putItem, uuidv7 } from "./inventory-helpers";

let server: TestServer;
let dataDir: string;
let owner: TestUser;
let staff: TestUser;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "blocklot-text-"));
  server = await startTestServer({ DATA_DIR: dataDir, EXTRACTION_WORKERS: "1", JOBS_IN_PROCESS: "false" });
  owner = await createTestUser(server, { companyName: "Text Co" });
  staff = await createTestUser(server, { roles: [ROLES.USER, ROLES.SUPER_ADMIN] });
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function expectRefused(
  res: { statusCode: number; json(): { message: string; code: string } },
  message: RegExp,
) {
  expect(res.statusCode).toBe(400);
  expect(res.json().code).toBe("VALIDATION");
  expect(res.json().message).toMatch(message);
}

describe("NUL and bytes that are not UTF-8 in the address", () => {
  it.each([
    "/api/bbl?query=%00",
    "/api/inventory/items?q=%00",
    "/api/inventory/products?q=%00",
    "/api/inventory/batches?q=%00",
    "/api/statement-mapping?query=%00",
    "/api/admin/all-user/list?query=%00",
  ])("%s answers 400, not 500", async (url) => {
    const res = await server.app.inject({ url, headers: staff.auth });
    expectRefused(res, /query string cannot contain the invisible character U\+0000/);
    const own = await server.app.inject({ url: url.replace("%00", "%00x"), headers: owner.auth });
    expect(own.statusCode).toBe(400);
  });

  it.each(["q=%FF", "query=a%FF%FEb", "query=%C0%AF", "query=%ED%A0%80"])(
    "a query string with %s answers 400",
    async (q) => {
      const res = await server.app.inject({ url: `/api/bbl?${q}`, headers: owner.auth });
      expectRefused(res, /query string is not valid UTF-8/);
    },
  );

  it("still answers ordinary UTF-8 searches", async () => {
    const res = await server.app.inject({ url: "/api/bbl?query=caf%C3%A9", headers: owner.auth });
    expect(res.statusCode).toBe(200);
  });

  it("refuses NUL in a path parameter and bytes that are not UTF-8 in the path", async () => {
    expectRefused(await server.app.inject({ url: "/api/invitation/abc%00def" }), /path parameter "hash"/);
    expectRefused(await server.app.inject({ url: "/api/photo/%00" }), /U\+0000/);
    expectRefused(await server.app.inject({ url: "/api/bbl/%FF", headers: owner.auth }), /not valid UTF-8/);
  });

  it("refuses NUL in a header value", async () => {
    const res = await server.app.inject({
      url: "/api/bbl",
      headers: { ...owner.auth, "x-note": "a\u0000b" },
    });
    expectRefused(res, /header "x-note"/);
  });
});

describe("JSON bodies are decoded strictly", () => {
  const bodyWith = (prefix: string, bytes: number[], suffix: string) =>
    Buffer.concat([Buffer.from(prefix), Buffer.from(bytes), Buffer.from(suffix)]);
  const bad: [string, number[]][] = [
    ["stray bytes", [0xff, 0xfe]],
    ["an overlong slash", [0xc0, 0xaf]],
    ["an encoded lone surrogate", [0xed, 0xa0, 0x80]],
  ];

  it.each(bad)(
    "PUT /api/trade/company/{id} with %s answers 400 and keeps the name",
    async (_label, bytes) => {
      const res = await server.app.inject({
        method: "PUT",
        url: `/api/trade/company/${owner.companyId}`,
        headers: { ...owner.auth, "content-type": "application/json" },
        payload: bodyWith('{"companyName":"a', bytes, 'b"}'),
      });
      expectRefused(res, /request body is not valid UTF-8/);
      const [row] = await server.database.db
        .select()
        .from(companies)
        .where(eq(companies.id, owner.companyId));
      expect(row?.name).toBe("Text Co");
    },
  );

  it.each(bad)("POST /api/bbl with %s answers 400 and adds nothing", async (_label, bytes) => {
    const res = await server.app.inject({
      method: "POST",
      url: "/api/bbl",
      headers: { ...owner.auth, "content-type": "application/json" },
      payload: bodyWith('{"bbl":"1 1 1","address":"1 Main', bytes, ' St"}'),
    });
    expectRefused(res, /not valid UTF-8/);
    const rows = await server.database.db
      .select()
      .from(properties)
      .where(eq(properties.companyId, owner.companyId));
    expect(rows).toEqual([]);
  });

  it("refuses a lone surrogate escape and NUL in an item write; a real U+FFFD and emoji are stored as sent", async () => {
    const id = uuidv7();
    const lone = await server.app.inject({
      method: "PUT",
      url: `/api/inventory/items/${id}`,
      headers: { ...owner.auth, "content-type": "application/json" },
      payload: JSON.stringify(itemBody("SKU-TXT")).replace('"Item SKU-TXT"', '"Item \\ud800"'),
    });
    expectRefused(lone, /lone surrogate/);
    const nul = await putItem(server, owner.auth, itemBody("SKU-TXT", { title: "a\u0000b" }), id);
    expectRefused(nul.res, /U\+0000/);
    expect(
      (await server.app.inject({ url: `/api/inventory/items/${id}`, headers: owner.auth })).statusCode,
    ).toBe(404);
    const good = await putItem(server, owner.auth, itemBody("SKU-TXT", { title: "Lamp \uFFFD 😀" }), id);
    expect(good.res.statusCode).toBeLessThan(300);
    expect(good.json.title).toBe("Lamp \uFFFD 😀");
  });
});

describe("multipart field values and file names", () => {
  function form(fields: [string, Buffer][], file: { name: Buffer; data: Buffer }) {
    const boundary = `----text${randomBytes(6).toString("hex")}`;
    const parts: Buffer[] = [];
    for (const [k, v] of fields) {
      parts.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n`),
        v,
        Buffer.from("\r\n"),
      );
    }
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="`),
      file.name,
      Buffer.from('"\r\nContent-Type: text/csv\r\n\r\n'),
      file.data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    );
    return {
      payload: Buffer.concat(parts),
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    };
  }
  const csv = Buffer.from("Item,Amount\nRent,100\n");

  it("refuses a file name that is not UTF-8, and NUL in a field, storing nothing", async () => {
    const property = await createProperty(server, owner.companyId);
    const upload = (body: ReturnType<typeof form>) =>
      server.app.inject({
        method: "POST",
        url: "/api/file/upload",
        headers: { ...owner.auth, ...body.headers },
        payload: body.payload,
      });
    const fields = (docType: Buffer): [string, Buffer][] => [
      ["bblId", Buffer.from(property)],
      ["documentType", docType],
    ];
    const badName = await upload(
      form(fields(Buffer.from("rent_roll")), {
        name: Buffer.from([0x42, 0xfc, 0x72, 0x6f, 0x2e, 0x63, 0x73, 0x76]),
        data: csv,
      }),
    );
    expectRefused(badName, /file name is not valid UTF-8/);
    const nulField = await upload(
      form(fields(Buffer.from("rent\u0000roll")), { name: Buffer.from("a.csv"), data: csv }),
    );
    expectRefused(nulField, /form field "documentType" cannot contain/);
    const files = await server.database.db
      .select()
      .from(statementFiles)
      .where(eq(statementFiles.companyId, owner.companyId));
    expect(files).toEqual([]);
    const ok = await upload(
      form(fields(Buffer.from("rent_roll")), { name: Buffer.from("Büro 2024.csv"), data: csv }),
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json().fileName).toBe("Büro 2024.csv");
  });
});
