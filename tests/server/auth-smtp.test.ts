import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness";
import { type Received, type SmtpSink, startSmtpSink } from "./smtp-sink";

let smtp: SmtpSink;
let server: TestServer;
let inbox: Received[];

beforeAll(async () => {
  smtp = await startSmtpSink();
  inbox = smtp.received;
  server = await startTestServer({
    SMTP_URL: smtp.url,
    PUBLIC_URL: "https://app.blocklot.test",
    MAIL_FROM: "Blocklot <no-reply@blocklot.test>",
  });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

describe("mail over real SMTP", () => {
  it("delivers the confirmation mail, whose link confirms the account", async () => {
    const reg = await server.app.inject({
      method: "POST",
      url: "/auth-jwt/register",
      payload: { email: "smtp-user@example.com", password: "smtp password", displayName: "Sam Smtp" },
    });
    expect(reg.statusCode).toBe(201);
    // The mailer sends before answering, so the mail has arrived.
    expect(inbox).toHaveLength(1);
    const received = inbox[0] as Received;
    expect(received.to).toEqual(["smtp-user@example.com"]);
    expect(received.from).toBe("no-reply@blocklot.test");
    const mail = await simpleParser(received.raw);
    expect(mail.subject).toBe("Confirm your email address for Blocklot");
    const match = /https:\/\/app\.blocklot\.test\/confirmation-email\/([A-Za-z0-9_-]+)/.exec(mail.text ?? "");
    expect(match).not.toBeNull();
    expect(mail.html).toContain(`href="${match?.[0]}"`);

    const confirm = await server.app.inject({
      method: "POST",
      url: "/auth-jwt/confirm-email",
      payload: { hash: match?.[1] },
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().token).toEqual(expect.any(String));
  });
});
