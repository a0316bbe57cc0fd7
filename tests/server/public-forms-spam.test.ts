/**
 * The public forms' spam protection and confirmation mail (issue 17): a filled honeypot is
 * answered like a person but neither stored nor mailed; an address or IP that sends too many
 * forms gets 429; a real sender gets a confirmation through the mailer, over real SMTP.
 */
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { authAttempts, contactMessages, demoRequests } from "../../src/server/db/schema";
import { RATE_LIMITS } from "../../src/server/modules/auth/rate-limit";
import { startTestServer, type TestServer } from "./harness";
import { type SmtpSink, startSmtpSink } from "./smtp-sink";

let smtp: SmtpSink;
let server: TestServer;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({
    SMTP_URL: smtp.url,
    STAFF_EMAIL: "staff@blocklot.test",
    MAIL_FROM: "Blocklot <no-reply@blocklot.test>",
  });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});
beforeEach(async () => {
  await server.database.db.delete(authAttempts);
  smtp.received.length = 0;
});

const post = (url: string, payload: object, ip = "203.0.113.7") =>
  server.app.inject({ method: "POST", url, payload, remoteAddress: ip });
const subjects = async () =>
  Promise.all(smtp.received.map(async (m) => ({ to: m.to, subject: (await simpleParser(m.raw)).subject })));

describe("public forms", () => {
  it("confirm a demo request to the sender and mail staff, over SMTP", async () => {
    const res = await post("/api/demo-requests", {
      name: "Dee Mo",
      email: "dee@example.com",
      interest: "rpie",
    });
    expect(res.statusCode).toBe(201);
    expect(await subjects()).toEqual(
      expect.arrayContaining([
        { to: ["staff@blocklot.test"], subject: "Demo request: Dee Mo" },
        { to: ["dee@example.com"], subject: "Your Blocklot demo request" },
      ]),
    );
  });

  it("confirm a contact message to the sender, over SMTP", async () => {
    const res = await post("/api/contact", { name: "Cy", email: "cy@example.com", message: "Hello there" });
    expect(res.statusCode).toBe(201);
    const confirmation = smtp.received.find((m) => m.to.includes("cy@example.com"));
    expect(confirmation).toBeDefined();
    const mail = await simpleParser(confirmation?.raw ?? Buffer.from(""));
    expect(mail.subject).toBe("We received your message — Blocklot");
    expect(mail.text).toContain("Hello there");
  });

  it.each([
    ["/api/contact", { name: "Bot", email: "bot@spam.test", message: "cheap pills" }, contactMessages],
    ["/api/demo-requests", { name: "Bot", email: "bot@spam.test" }, demoRequests],
  ] as const)(
    "accept a filled honeypot on %s silently, storing and mailing nothing",
    async (url, body, table) => {
      const before = (await server.database.db.select().from(table)).length;
      const res = await post(url, { ...body, website: "http://spam.test" });
      expect(res.statusCode).toBe(201);
      expect(res.json().id).toEqual(expect.any(String));
      expect(await server.database.db.select().from(table)).toHaveLength(before);
      expect(smtp.received).toHaveLength(0);
    },
  );

  it("limit sends per address with a 429 and Retry-After, across both forms", async () => {
    const { perAccount } = RATE_LIMITS.publicForm;
    for (let i = 0; i < perAccount; i++) {
      const url = i % 2 ? "/api/contact" : "/api/demo-requests";
      const res = await post(
        url,
        { name: "Rae", email: "Rae@Example.com", message: "hi" },
        `198.51.100.${i}`,
      );
      expect(res.statusCode).toBe(201);
    }
    const before = (await server.database.db.select().from(demoRequests)).length;
    const limited = await post(
      "/api/demo-requests",
      { name: "Rae", email: "rae@example.com" },
      "198.51.100.99",
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many attempts\. Please wait \d+ minutes? and try again\./);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(await server.database.db.select().from(demoRequests)).toHaveLength(before);
    // Another address is not affected.
    expect((await post("/api/demo-requests", { name: "Sol", email: "sol@example.com" })).statusCode).toBe(
      201,
    );
  });

  it("limit sends per IP across addresses", async () => {
    const { perIp } = RATE_LIMITS.publicForm;
    for (let i = 0; i < perIp; i++) {
      const res = await post(
        "/api/contact",
        { name: "N", email: `n${i}@example.com`, message: "hi" },
        "192.0.2.1",
      );
      expect(res.statusCode).toBe(201);
    }
    const limited = await post(
      "/api/contact",
      { name: "N", email: "fresh@example.com", message: "hi" },
      "192.0.2.1",
    );
    expect(limited.statusCode).toBe(429);
    expect(
      (await post("/api/contact", { name: "N", email: "fresh@example.com", message: "hi" }, "192.0.2.2"))
        .statusCode,
    ).toBe(201);
  });
});
