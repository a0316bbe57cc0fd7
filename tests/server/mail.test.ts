/**
 * Mail (issue 14, docs/mail.md) on PGlite and PostgreSQL: each user's mailbox as user-scoped
 * synced types (isolation, feed with tombstones), sanitised bodies, sending inside the product
 * and to outside addresses through a real local SMTP server (exactly once), the product's own
 * mails filed into the inbox, and the incoming SMTP listener (filed, threaded, unknown recipients
 * and oversize messages refused).
 */
import { simpleParser } from "mailparser";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { pullAll, uuidv7 } from "./inventory-helpers";
import { type Received, type SmtpSink, startSmtpSink } from "./smtp-sink";

const MESSAGES = "/api/mail/messages";
const LABELS = "/api/mail/labels";
const DOMAIN = "mail.blocklot.test";
let smtp: SmtpSink;
let relayed: Received[];
let server: TestServer;
let inboundPort: number;
let alice: TestUser;
let colleague: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  smtp = await startSmtpSink();
  relayed = smtp.received;
  server = await startTestServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: "Blocklot <no-reply@blocklot.test>",
    MAIL_DOMAIN: DOMAIN,
    MAIL_INBOUND_PORT: "0",
    MAIL_INBOUND_HOST: "127.0.0.1",
    MAIL_INBOUND_MAX_MB: "1",
  });
  inboundPort = server.app.ctx.mailInbound?.port ?? 0;
  alice = await createTestUser(server, { displayName: "Alice Able" });
  colleague = await createTestUser(server, { displayName: "Cole League" });
  await addMember(server, alice.companyId, colleague.userId, ["ROLE_COMPANY_EMPLOYEE"], true);
  stranger = await createTestUser(server);
});
afterAll(async () => {
  await server?.close();
  await smtp.close();
});

const inject = (
  method: "GET" | "PUT" | "PATCH" | "DELETE" | "POST",
  url: string,
  user: TestUser | null,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  server.app.inject({
    method,
    url,
    headers: { ...(user ? user.auth : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const draft = (user: TestUser, body: Record<string, unknown>, id = uuidv7()) =>
  inject("PUT", `${MESSAGES}/${id}`, user, body).then((res) => ({ id, res }));

const messages = async (user: TestUser, query = "") => {
  const res = await inject("GET", `${MESSAGES}?${query}`, user);
  expect(res.statusCode).toBe(200);
  return res.json().rows as Record<string, unknown>[];
};

async function until<T>(fn: () => Promise<T | undefined> | T | undefined, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("each user's mailbox", () => {
  it("drafts, labels and read marks are their owner's only: another user, another company and a guest are refused", async () => {
    const { id, res } = await draft(alice, {
      to: ["someone@example.org"],
      subject: "Plan",
      html: "<p>Hi</p>",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      id,
      userId: alice.userId,
      state: "draft",
      labels: ["drafts"],
      text: "Hi",
    });
    expect((await inject("GET", `${MESSAGES}/${id}`, colleague)).statusCode).toBe(404);
    expect((await inject("GET", `${MESSAGES}/${id}`, stranger)).statusCode).toBe(404);
    expect(
      (await inject("PATCH", `${MESSAGES}/${id}`, colleague, { read: false, version: 1 })).statusCode,
    ).toBe(404);
    expect((await draft(stranger, { subject: "Take it" }, id)).res.statusCode).toBe(409);
    expect((await inject("GET", `${MESSAGES}/${id}`, null)).statusCode).toBe(401);
    expect((await inject("GET", MESSAGES, null)).statusCode).toBe(401);
    expect((await messages(colleague)).map((m) => m.id)).not.toContain(id);

    const label = uuidv7();
    const made = await inject("PUT", `${LABELS}/${label}`, alice, { name: " Clients " });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ name: "Clients", colour: "gray" });
    expect((await inject("GET", `${LABELS}/${label}`, colleague)).statusCode).toBe(404);
    expect((await inject("PUT", `${LABELS}/${uuidv7()}`, alice, { name: "Inbox" })).statusCode).toBe(400);
    const moved = await inject("PATCH", `${MESSAGES}/${id}`, alice, {
      labels: ["drafts", label],
      version: 1,
    });
    expect(moved.statusCode).toBe(200);
    expect((await messages(alice, `label=${label}`)).map((m) => m.id)).toEqual([id]);
  });

  it("bad input answers a clear 400", async () => {
    for (const body of [
      { to: ["not an address"] },
      { labels: ["<script>"] },
      { state: "sent" },
      { state: "outbox" },
      { subject: 12 },
      { extra: true },
    ]) {
      const { res } = await draft(alice, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await inject("GET", `${MESSAGES}?before=nonsense`, alice)).statusCode).toBe(400);
  });

  it("the feed carries a user's mail to that user alone, deletions as tombstones", async () => {
    const aliceStart = await pullAll(server, alice.auth, undefined);
    const coleStart = await pullAll(server, colleague.auth, undefined);
    const { id } = await draft(alice, { subject: "Feed me" });
    const label = uuidv7();
    await inject("PUT", `${LABELS}/${label}`, alice, { name: "Feed" });
    const aliceFeed = await pullAll(server, alice.auth, aliceStart.cursor);
    expect(aliceFeed.changes.map((c) => `${c.entity}:${c.id}:${c.deleted}`).sort()).toEqual(
      [`mail-message:${id}:false`, `mail-label:${label}:false`].sort(),
    );
    expect((await pullAll(server, colleague.auth, coleStart.cursor)).changes).toEqual([]);
    expect((await inject("DELETE", `${MESSAGES}/${id}?version=1`, alice)).statusCode).toBe(204);
    const after = await pullAll(server, alice.auth, aliceFeed.cursor);
    expect(after.changes).toEqual([{ entity: "mail-message", id, deleted: true, row: null }]);
    expect((await pullAll(server, colleague.auth, coleStart.cursor)).changes).toEqual([]);
  });

  it("sanitises bodies before they are stored: scripts, handlers and javascript: URLs are gone", async () => {
    const payloads = [
      `<p>ok</p><script>alert(1)</script>`,
      `<img src=x onerror=alert(1)><b onclick="alert(2)">bold</b>`,
      `<a href="javascript:alert(3)">click</a><a href="https://blocklot.test/x">safe</a>`,
      `<iframe src="https://evil.test"></iframe><svg onload=alert(4)><style>body{}</style>`,
      `<div style="background:url(javascript:alert(5))">x</div><form action="https://evil.test"><input></form>`,
      `<<script>script>alert(6)<</script>/script>`,
    ];
    const { id, res } = await draft(alice, { subject: "XSS", html: payloads.join("") });
    expect(res.statusCode).toBe(201);
    const html = (await inject("GET", `${MESSAGES}/${id}`, alice)).json().html as string;
    expect(html).not.toMatch(
      /<script|onerror|onclick|onload|javascript:|<iframe|<svg|<style|style=|<form|<input/i,
    );
    expect(html).toContain("<b>bold</b>");
    expect(html).toContain(`href="https://blocklot.test/x"`);
    expect(html).toContain(`rel="noopener noreferrer nofollow"`);
    // A replayed create with the same (unsanitised) body is the same record.
    expect((await draft(alice, { subject: "XSS", html: payloads.join("") }, id)).res.statusCode).toBe(200);
    // A change of the body is sanitised too.
    const patched = await inject("PATCH", `${MESSAGES}/${id}`, alice, {
      html: `<p onmouseover="x()">again</p>`,
      version: 1,
    });
    expect(patched.json().html).toBe("<p>again</p>");
  });

  it("searches subject, sender and body on the server", async () => {
    const a = await draft(alice, { subject: "Quarterly zebra report", html: "<p>numbers</p>" });
    const b = await draft(alice, { subject: "Lunch", html: "<p>the Zebra café at noon</p>" });
    await draft(alice, { subject: "Other", html: "<p>nothing</p>" });
    const hits = (await messages(alice, "q=zebra")).map((m) => m.id).sort();
    expect(hits).toEqual([a.id, b.id].sort());
    expect(await messages(colleague, "q=zebra")).toEqual([]);
    expect(await messages(alice, `q=${encodeURIComponent("100%_")}`)).toEqual([]);
  });
});

describe("paging and search on the server", () => {
  it("pages a label of more than 100 messages newest first, each message once, and pages a search", async () => {
    const paging = await createTestUser(server);
    const label = uuidv7();
    expect((await inject("PUT", `${LABELS}/${label}`, paging, { name: "Bulk" })).statusCode).toBe(201);
    const made: string[] = [];
    for (let i = 0; i < 130; i++) {
      const { id, res } = await draft(paging, {
        subject: i % 2 ? `Invoice ${i}` : `Note ${i}`,
        labels: ["drafts", label],
      });
      expect(res.statusCode).toBe(201);
      made.push(id);
    }
    const walk = async (query: string) => {
      const seen: Record<string, unknown>[] = [];
      let before: string | null = null;
      let pages = 0;
      do {
        const url = `${MESSAGES}?${query}&limit=40${before ? `&before=${encodeURIComponent(before)}` : ""}`;
        const res = await inject("GET", url, paging);
        expect(res.statusCode, url).toBe(200);
        const body = res.json() as { rows: Record<string, unknown>[]; next: string | null };
        seen.push(...body.rows);
        before = body.next;
        pages++;
      } while (before && pages < 10);
      return { seen, pages };
    };
    const all = await walk(`label=${label}`);
    expect(all.pages).toBe(4);
    expect(all.seen.map((m) => m.id)).toEqual([...made].reverse());
    const invoices = await walk("q=invoice");
    expect(invoices.pages).toBe(2);
    expect(invoices.seen.map((m) => m.id)).toEqual(made.filter((_, i) => i % 2).reverse());
  });

  it("answers bad query parameters with a 400 that names the parameter", async () => {
    const cases: [string, RegExp][] = [
      ["limit=0", /limit/],
      ["limit=abc", /limit/],
      ["limit=500", /limit/],
      [`q=${"x".repeat(201)}`, /q/],
      ["thread=not-a-uuid", /thread/],
      ["sort=subject", /sort|additional/i],
      ["before=nonsense", /before/],
      [`before=${encodeURIComponent(`2026-01-01T00:00:00.000Z|${"z".repeat(36)}`)}`, /before/],
      [`before=${encodeURIComponent(`275760-09-13T00:00:00.000Z|${uuidv7()}`)}`, /before/],
      ["q=%00", /NUL/],
      ["label=%00", /NUL/],
    ];
    for (const [query, names] of cases) {
      const res = await inject("GET", `${MESSAGES}?${query}`, alice);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(names);
    }
  });
});

describe("sending", () => {
  it("delivers to a company member's inbox inside the product and to outside addresses through SMTP, exactly once", async () => {
    const before = relayed.length;
    const { id, res } = await draft(alice, {
      to: [colleague.email, "outside@example.org"],
      cc: ["second@example.org"],
      subject: "Site visit",
      html: "<p>See you <b>Monday</b></p>",
    });
    expect(res.statusCode).toBe(201);
    const key = { "idempotency-key": uuidv7() };
    const send = () => inject("PATCH", `${MESSAGES}/${id}`, alice, { state: "outbox", version: 1 }, key);
    const first = await send();
    expect(first.statusCode).toBe(200);
    const sent = first.json();
    expect(sent).toMatchObject({
      state: "sent",
      labels: ["sent"],
      from: `${alice.userId}@${DOMAIN}`,
      fromName: "Alice Able",
    });
    const replay = await send();
    expect(replay.statusCode).toBe(200);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    // A sent message keeps its text.
    const edit = await inject("PATCH", `${MESSAGES}/${id}`, alice, {
      subject: "Changed",
      version: sent.version,
    });
    expect(edit.statusCode).toBe(403);
    expect(
      (await inject("PATCH", `${MESSAGES}/${id}`, alice, { state: "outbox", version: sent.version }))
        .statusCode,
    ).toBe(403);

    // Delivered by the mail-deliver job, a moment after the send answered.
    const copies = await until(async () => {
      const inbox = await messages(colleague, "label=inbox");
      const found = inbox.filter((m) => m.messageId === sent.messageId);
      return found.length ? found : undefined;
    });
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({
      state: "received",
      read: false,
      subject: "Site visit",
      from: sent.from,
    });

    const mail = await until(() => relayed.slice(before).find((r) => r.to.includes("outside@example.org")));
    expect(mail.to.sort()).toEqual(["outside@example.org", "second@example.org"]);
    const parsed = await simpleParser(mail.raw);
    expect(parsed.messageId).toBe(`<${sent.messageId}>`);
    expect(parsed.subject).toBe("Site visit");
    expect(parsed.html).toContain("<b>Monday</b>");
    expect(parsed.from?.value[0]?.address).toBe(`${alice.userId}@${DOMAIN}`);
    // Give the job runner time to run anything else it would: still one mail.
    await new Promise((r) => setTimeout(r, 1500));
    expect(relayed.slice(before)).toHaveLength(1);

    // The colleague replies: threaded, with In-Reply-To and References, back into alice's inbox.
    const copy = copies[0] as { id: string; messageId: string; threadId: string };
    const reply = await draft(colleague, {
      to: [`${alice.userId}@${DOMAIN}`],
      subject: "Re: Site visit",
      html: "<p>Yes</p>",
      inReplyTo: copy.messageId,
    });
    expect(reply.res.json()).toMatchObject({ threadId: copy.threadId, references: [copy.messageId] });
    const replied = await inject("PATCH", `${MESSAGES}/${reply.id}`, colleague, {
      state: "outbox",
      version: 1,
    });
    expect(replied.statusCode).toBe(200);
    const thread = await until(async () => {
      const rows = await messages(alice, `thread=${sent.threadId}`);
      return rows.length === 2 ? rows : undefined;
    });
    expect(thread.map((m) => m.subject).sort()).toEqual(["Re: Site visit", "Site visit"]);
  });

  it("a stranger's account email is an outside address: it goes out by SMTP, not into their inbox", async () => {
    const before = relayed.length;
    const { id } = await draft(alice, { to: [stranger.email], subject: "Hello stranger" });
    expect(
      (await inject("PATCH", `${MESSAGES}/${id}`, alice, { state: "outbox", version: 1 })).statusCode,
    ).toBe(200);
    await until(() => relayed.slice(before).find((r) => r.to.includes(stranger.email)));
    expect((await messages(stranger, "q=stranger")).length).toBe(0);
  });

  it("files the product's own mails to a user into that user's inbox", async () => {
    const res = await inject("POST", "/auth-jwt/forgot-password", null, { email: alice.email });
    expect(res.statusCode).toBeLessThan(300);
    const inbox = await until(async () => {
      const rows = await messages(alice, "label=inbox");
      return rows.find((m) => m.from === "no-reply@blocklot.test") ? rows : undefined;
    });
    const filed = inbox.find((m) => m.from === "no-reply@blocklot.test");
    expect(filed).toMatchObject({ state: "received", fromName: "Blocklot", read: false });
  });
});

describe("incoming mail over SMTP", () => {
  const transport = () =>
    nodemailer.createTransport({ host: "127.0.0.1", port: inboundPort, secure: false, ignoreTLS: true });

  it("files mail for a product address into the inbox and threads a reply by In-Reply-To", async () => {
    expect(inboundPort).toBeGreaterThan(0);
    const to = `${alice.userId}@${DOMAIN}`;
    await transport().sendMail({
      from: "Pat Partner <pat@partner.example.org>",
      to,
      subject: "Offer",
      html: `<p>Our offer</p><script>steal()</script>`,
      messageId: "<offer-1@partner.example.org>",
    });
    const first = await until(async () =>
      (await messages(alice, "q=offer")).find((m) => m.subject === "Offer"),
    );
    expect(first).toMatchObject({
      from: "pat@partner.example.org",
      fromName: "Pat Partner",
      state: "received",
    });
    expect(first.html).not.toContain("script");
    await transport().sendMail({
      from: "pat@partner.example.org",
      to,
      subject: "Re: Offer",
      text: "Any news?",
      messageId: "<offer-2@partner.example.org>",
      inReplyTo: "<offer-1@partner.example.org>",
      references: ["<offer-1@partner.example.org>"],
    });
    const second = await until(async () =>
      (await messages(alice, "q=news")).find((m) => m.subject === "Re: Offer"),
    );
    expect(second.threadId).toBe(first.threadId);
    expect(second.html).toBe("<p>Any news?</p>");
  });

  it("refuses unknown recipients at RCPT and messages over the size limit", async () => {
    await expect(
      transport().sendMail({ from: "x@example.org", to: `${uuidv7()}@${DOMAIN}`, subject: "?", text: "?" }),
    ).rejects.toMatchObject({ responseCode: 550 });
    await expect(
      transport().sendMail({
        from: "x@example.org",
        to: `someone@elsewhere.example.org`,
        subject: "?",
        text: "?",
      }),
    ).rejects.toMatchObject({ responseCode: 550 });
    await expect(
      transport().sendMail({
        from: "x@example.org",
        to: `${alice.userId}@${DOMAIN}`,
        subject: "Too big",
        text: "x".repeat(1_200_000),
      }),
    ).rejects.toMatchObject({ responseCode: 552 });
    expect(await messages(alice, "q=Too%20big")).toEqual([]);
  });
});
