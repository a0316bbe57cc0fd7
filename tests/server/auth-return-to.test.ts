import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastMail, linkToken } from "./doubles/mailbox";
import { startTestServer, type TestServer } from "./harness";

/**
 * Registering from an invitation: the path to come back to rides through the confirmation
 * mail's link (docs/company.md), and only a path on this site is ever put there.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: "https://blocklot.test" });
});
afterAll(async () => server.close());

const post = (url: string, payload: Record<string, unknown>) =>
  server.app.inject({ method: "POST", url, payload });

const register = (email: string, extra: Record<string, unknown> = {}) =>
  post("/auth-jwt/register", { email, password: "a good password", displayName: "Ivy Invitee", ...extra });

/** The confirmation link of the newest confirmation mail to an address (text and html). */
async function confirmationLinks(email: string) {
  const mail = await lastMail(server.database, email, "confirm-email");
  const text = /https:\/\/blocklot\.test\/confirmation-email\/\S+/.exec(mail.text ?? "")?.[0];
  const href = /href="([^"]+)"/.exec(mail.html ?? "")?.[1];
  return { text, href: href?.replaceAll("&#38;", "&"), mail };
}

describe("returnTo through registration and the confirmation mail", () => {
  it("puts the invitation path into the mailed link, encoded, and the link still confirms", async () => {
    const res = await register("ivy@example.com", { returnTo: "/invitation/AbC_123-xyz" });
    expect(res.statusCode).toBe(201);
    const { text, href, mail } = await confirmationLinks("ivy@example.com");
    expect(text).toMatch(
      /^https:\/\/blocklot\.test\/confirmation-email\/[A-Za-z0-9_-]+\?returnTo=%2Finvitation%2FAbC_123-xyz$/,
    );
    expect(href).toBe(text);
    const url = new URL(text as string);
    expect(url.origin).toBe("https://blocklot.test");
    expect(url.searchParams.get("returnTo")).toBe("/invitation/AbC_123-xyz");
    // The hash before the query confirms the account as usual.
    const hash = linkToken(mail.text ?? "", "https://blocklot.test/confirmation-email");
    const confirmed = await post("/auth-jwt/confirm-email", { hash });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().token).toEqual(expect.any(String));
  });

  it("keeps query characters of the path inside the one parameter", async () => {
    expect(
      (await register("quinn@example.com", { returnTo: "/dashboard/filings?penalty=1&x=2" })).statusCode,
    ).toBe(201);
    const { text } = await confirmationLinks("quinn@example.com");
    const url = new URL(text as string);
    expect([...url.searchParams.keys()]).toEqual(["returnTo"]);
    expect(url.searchParams.get("returnTo")).toBe("/dashboard/filings?penalty=1&x=2");
  });

  it("mails a plain link without returnTo", async () => {
    expect((await register("plain@example.com")).statusCode).toBe(201);
    const { text } = await confirmationLinks("plain@example.com");
    expect(text).toMatch(/^https:\/\/blocklot\.test\/confirmation-email\/[A-Za-z0-9_-]+$/);
  });

  it("refuses a returnTo that leaves the site, creating no account and sending no mail", async () => {
    for (const [i, returnTo] of [
      "https://evil.example/phish",
      "//evil.example/x",
      "/\\evil.example",
      "javascript:alert(1)",
      "invitation/abc",
      "/\t/evil.example",
    ].entries()) {
      const email = `bad${i}@example.com`;
      const res = await register(email, { returnTo });
      expect(res.statusCode, returnTo).toBe(400);
      expect(res.json().message).toBe("returnTo must be a path on this site, such as /invitation/{hash}");
      await expect(lastMail(server.database, email, "confirm-email")).rejects.toThrow(
        /no confirm-email mail/,
      );
      // Nothing was created: the address can register properly afterwards.
      expect((await register(email)).statusCode).toBe(201);
    }
    expect((await register("long@example.com", { returnTo: `/${"a".repeat(1000)}` })).statusCode).toBe(400);
    expect((await register("typed@example.com", { returnTo: 42 })).statusCode).toBe(400);
  });

  it("carries returnTo into a resent link, by old link or by address, and checks it there too", async () => {
    expect((await register("resend@example.com", { returnTo: "/invitation/first" })).statusCode).toBe(201);
    const old = linkToken(
      (await lastMail(server.database, "resend@example.com", "confirm-email")).text ?? "",
      "https://blocklot.test/confirmation-email",
    );
    const byHash = await post("/auth-jwt/resend-confirmation-email", {
      hash: old,
      returnTo: "/invitation/first",
    });
    expect(byHash.statusCode).toBe(200);
    expect(
      new URL((await confirmationLinks("resend@example.com")).text as string).searchParams.get("returnTo"),
    ).toBe("/invitation/first");
    const byEmail = await post("/auth-jwt/resend-confirmation-email", {
      email: "resend@example.com",
      returnTo: "/invitation/second",
    });
    expect(byEmail.statusCode).toBe(200);
    expect(
      new URL((await confirmationLinks("resend@example.com")).text as string).searchParams.get("returnTo"),
    ).toBe("/invitation/second");
    const evil = await post("/auth-jwt/resend-confirmation-email", {
      email: "resend@example.com",
      returnTo: "https://evil.example",
    });
    expect(evil.statusCode).toBe(400);
  });
});
