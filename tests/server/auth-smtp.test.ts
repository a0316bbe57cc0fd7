import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness";

interface Received {
  from: string;
  to: string[];
  raw: Buffer;
}

let smtp: SMTPServer;
let server: TestServer;
const inbox: Received[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  server = await startTestServer({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    PUBLIC_URL: "https://app.blocklot.test",
    MAIL_FROM: "Blocklot <no-reply@blocklot.test>",
  });
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
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
