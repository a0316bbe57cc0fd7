import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLES } from "../../src/domain/roles";
import { createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";

/** The mail outbox for super admins (/admin/outbox, issue 24): without SMTP, and with it. */

const register = (server: TestServer, email: string) =>
  server.app.inject({
    method: "POST",
    url: "/auth-jwt/register",
    payload: { email, password: "outbox password", displayName: "Olga Outbox" },
  });

const as = (server: TestServer, who: TestUser | null, method: "GET" | "POST", url: string) =>
  server.app.inject({ method, url, headers: who?.auth ?? {} });

describe("without SMTP_URL", () => {
  let server: TestServer;
  let admin: TestUser;
  let owner: TestUser;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_URL: "https://app.blocklot.test" });
    admin = await createTestUser(server, { roles: [ROLES.SUPER_ADMIN] });
    owner = await createTestUser(server);
    expect((await register(server, "olga@example.com")).statusCode).toBe(201);
    expect((await register(server, "other@example.com")).statusCode).toBe(201);
  }, 180_000);
  afterAll(async () => server?.close());

  it("is for super admins only: 401 without a token, 403 for anyone else", async () => {
    const id = (await as(server, admin, "GET", "/api/admin/outbox")).json().rows[0].id as string;
    for (const [method, url] of [
      ["GET", "/api/admin/outbox"],
      ["GET", `/api/admin/outbox/${id}`],
      ["POST", `/api/admin/outbox/${id}/resend`],
    ] as const) {
      expect((await as(server, null, method, url)).statusCode, url).toBe(401);
      expect((await as(server, owner, method, url)).statusCode, url).toBe(403);
    }
  });

  it("lists every mail newest first, says no mail server is configured, and finds one by recipient", async () => {
    const all = (await as(server, admin, "GET", "/api/admin/outbox")).json();
    expect(all.delivery).toBe("outbox");
    expect(all.total).toBe(2);
    expect(all.rows.map((m: { to: string }) => m.to)).toEqual(["other@example.com", "olga@example.com"]);
    expect(all.rows[0]).toMatchObject({ kind: "confirm-email", status: "kept", sentAt: null, error: null });
    const found = (await as(server, admin, "GET", "/api/admin/outbox?query=OLGA")).json();
    expect(found.rows.map((m: { to: string }) => m.to)).toEqual(["olga@example.com"]);
    const bySubject = (await as(server, admin, "GET", "/api/admin/outbox?query=confirm")).json();
    expect(bySubject.total).toBe(2);
    // % and _ are taken literally.
    expect((await as(server, admin, "GET", "/api/admin/outbox?query=%25")).json().total).toBe(0);
    expect((await as(server, admin, "GET", "/api/admin/outbox?status=sent")).json().total).toBe(0);
    expect(
      (await as(server, admin, "GET", "/api/admin/outbox?status=kept&rowsPerPage=1")).json(),
    ).toMatchObject({
      total: 2,
      rowsPerPage: 1,
    });
  });

  it("shows one mail in full: the confirmation link an admin can pass on", async () => {
    const [row] = (await as(server, admin, "GET", "/api/admin/outbox?query=olga")).json().rows;
    const mail = (await as(server, admin, "GET", `/api/admin/outbox/${row.id}`)).json();
    expect(mail.text).toContain("https://app.blocklot.test/confirmation-email/");
    expect(mail.html).toContain("<");
    expect(mail.to).toBe("olga@example.com");
  });

  it("resends as a new outbox row", async () => {
    const [row] = (await as(server, admin, "GET", "/api/admin/outbox?query=olga")).json().rows;
    const res = await as(server, admin, "POST", `/api/admin/outbox/${row.id}/resend`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ to: "olga@example.com", kind: "confirm-email", status: "kept" });
    expect(res.json().id).not.toBe(row.id);
    expect((await as(server, admin, "GET", "/api/admin/outbox?query=olga")).json().total).toBe(2);
  });

  it("answers 404 for an unknown mail and 400 for bad input", async () => {
    const unknown = "0190f2a0-0000-7000-8000-000000000000";
    expect((await as(server, admin, "GET", `/api/admin/outbox/${unknown}`)).statusCode).toBe(404);
    expect((await as(server, admin, "POST", `/api/admin/outbox/${unknown}/resend`)).statusCode).toBe(404);
    for (const url of [
      "/api/admin/outbox/not-a-uuid",
      "/api/admin/outbox?page=-1",
      "/api/admin/outbox?rowsPerPage=1000",
      "/api/admin/outbox?status=lost",
      "/api/admin/outbox?nope=1",
      `/api/admin/outbox?query=${"x".repeat(201)}`,
    ]) {
      const res = await as(server, admin, "GET", url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });

  it("tells the app that mail stays in the outbox", async () => {
    const config = (await as(server, null, "GET", "/api/config")).json();
    expect(config.mailDelivery).toBe("outbox");
  });
});

describe("with SMTP_URL", () => {
  let smtp: SMTPServer;
  let server: TestServer;
  let admin: TestUser;
  const received: string[][] = [];
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on("end", () => {
          received.push(session.envelope.rcptTo.map((r) => r.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const { port } = smtp.server.address() as AddressInfo;
    server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    admin = await createTestUser(server, { roles: [ROLES.SUPER_ADMIN] });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it("lists sent mail as sent and resends it through the mail server", async () => {
    expect((await register(server, "sam@example.com")).statusCode).toBe(201);
    expect(received).toEqual([["sam@example.com"]]);
    const page = (await as(server, admin, "GET", "/api/admin/outbox")).json();
    expect(page.delivery).toBe("smtp");
    expect(page.rows[0]).toMatchObject({ to: "sam@example.com", status: "sent" });
    const res = await as(server, admin, "POST", `/api/admin/outbox/${page.rows[0].id}/resend`);
    expect(res.json()).toMatchObject({ status: "sent" });
    expect(received).toEqual([["sam@example.com"], ["sam@example.com"]]);
    expect((await as(server, null, "GET", "/api/config")).json().mailDelivery).toBe("smtp");
  });

  it("keeps mail to reserved .example addresses (the demo accounts) in the outbox", async () => {
    expect((await register(server, "demo@realty.example")).statusCode).toBe(201);
    expect(received).toHaveLength(2);
    const [row] = (await as(server, admin, "GET", "/api/admin/outbox?query=realty.example")).json().rows;
    expect(row).toMatchObject({ to: "demo@realty.example", status: "kept" });
  });
});
