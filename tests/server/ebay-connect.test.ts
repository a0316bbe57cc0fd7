import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EBAY_SCOPES } from "../../src/domain/ebay/contract";
import { ebayConnections, ebayOauthStates, ebayOrders } from "../../src/server/db/schema";
import { decryptToken } from "../../src/server/integrations/ebay/token-crypto";
import { type EbayDouble, expectedChallengeResponse } from "./doubles/ebay";
import { connect, createTestUser, postDeletionNotice, startEbayServer, uuidv7 } from "./ebay-helpers";
import { addMember, tokenFor } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";

let server: TestServer;
let double: EbayDouble;

beforeAll(async () => {
  ({ server, double } = await startEbayServer());
}, 600_000);
afterAll(async () => {
  await server.close();
  await double.close();
});

const start = async (auth: { authorization: string }) => {
  const res = await server.app.inject({ method: "POST", url: "/api/ebay/connect", headers: auth });
  expect(res.statusCode).toBe(200);
  return new URL(res.json().url);
};
const callback = (query: string) => server.app.inject({ method: "GET", url: `/api/ebay/callback?${query}` });

describe("eBay connect (OAuth)", () => {
  it("builds the consent URL with the client id, the RuName as redirect_uri, the spec's scopes and a state", async () => {
    const user = await createTestUser(server);
    const url = await start(user.auth);
    expect(url.origin).toBe(double.url);
    expect(url.pathname).toBe("/oauth2/authorize");
    expect(url.searchParams.get("client_id")).toBe(double.clientId);
    expect(url.searchParams.get("redirect_uri")).toBe(double.ruName);
    expect(url.searchParams.get("response_type")).toBe("code");
    const scopes = url.searchParams.get("scope")?.split(" ") ?? [];
    expect(scopes).toEqual([...EBAY_SCOPES]);
    for (const s of [
      "sell.inventory",
      "sell.account",
      "sell.fulfillment",
      "sell.marketing",
      "sell.analytics.readonly",
      "sell.finances",
      "commerce.identity.readonly",
    ])
      expect(scopes).toContain(`https://api.ebay.com/oauth/api_scope/${s}`);
    expect(url.searchParams.get("state")?.length).toBeGreaterThanOrEqual(40);
  });

  it("connects: the callback exchanges the code, stores the tokens encrypted, and goes to /auth-success", async () => {
    const user = await createTestUser(server);
    const location = await connect(server, double, user, "seller_one");
    expect(location).toBe("https://blocklot.test/auth-success?provider=ebay");
    const [row] = await server.database.db
      .select()
      .from(ebayConnections)
      .where(eq(ebayConnections.companyId, user.companyId));
    expect(row?.ebayUsername).toBe("seller_one");
    expect(row?.accessToken.startsWith("v1.")).toBe(true);
    expect(row?.accessToken).not.toContain("v^1.1");
    expect(row?.refreshToken).not.toContain("v^1.1");
    expect(decryptToken(server.config.ebayTokenKey, row?.refreshToken ?? "", row?.id ?? "")).toMatch(
      /^v\^1\.1#r/,
    );
    // bound to its row: the same ciphertext does not decrypt for another id
    expect(() => decryptToken(server.config.ebayTokenKey, row?.refreshToken ?? "", "other")).toThrow();
    const status = await server.app.inject({ method: "GET", url: "/api/ebay/status", headers: user.auth });
    expect(status.json()).toMatchObject({
      state: "connected",
      username: "seller_one",
      canManage: true,
      setup: { complete: false },
    });
    // hasEbayAccount in the next access token
    const token = await tokenFor(server, user.userId);
    const claims = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
    expect(claims.hasEbayAccount).toBe(true);
  });

  it("refuses a forged, a reused and an expired state: /auth-declined and nothing stored", async () => {
    const user = await createTestUser(server);
    const url = await start(user.auth);
    const back = new URL(await double.consent(url.toString(), "accept"));
    const code = back.searchParams.get("code") ?? "";
    const forged = await callback(`state=forged-state&code=${encodeURIComponent(code)}`);
    expect(forged.statusCode).toBe(302);
    expect(forged.headers.location).toBe("https://blocklot.test/auth-declined?provider=ebay&reason=state");
    const ok = await callback(back.search.slice(1));
    expect(ok.headers.location).toContain("/auth-success");
    const reused = await callback(back.search.slice(1));
    expect(reused.headers.location).toBe("https://blocklot.test/auth-declined?provider=ebay&reason=state");

    const other = await createTestUser(server);
    const url2 = await start(other.auth);
    const back2 = new URL(await double.consent(url2.toString(), "accept"));
    await server.database.db
      .update(ebayOauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(ebayOauthStates.userId, other.userId));
    const expired = await callback(back2.search.slice(1));
    expect(expired.headers.location).toBe("https://blocklot.test/auth-declined?provider=ebay&reason=state");
    const rows = await server.database.db
      .select()
      .from(ebayConnections)
      .where(eq(ebayConnections.companyId, other.companyId));
    expect(rows).toHaveLength(0);
    // No state at all
    expect((await callback("code=x")).headers.location).toContain("reason=state");
  });

  it("a declined consent goes to /auth-declined with the reason", async () => {
    const user = await createTestUser(server);
    const url = await start(user.auth);
    const back = new URL(await double.consent(url.toString(), "decline"));
    const res = await callback(back.search.slice(1));
    expect(res.headers.location).toBe("https://blocklot.test/auth-declined?provider=ebay&reason=declined");
  });

  it("a code eBay refuses at the token endpoint is declined, not a 500", async () => {
    const user = await createTestUser(server);
    const url = await start(user.auth);
    const res = await callback(`state=${url.searchParams.get("state")}&code=not-a-code`);
    expect(res.headers.location).toBe("https://blocklot.test/auth-declined?provider=ebay&reason=exchange");
  });

  it("only company admins connect or disconnect; employees see the status; strangers get 401/403", async () => {
    const admin = await createTestUser(server);
    const employee = await createTestUser(server);
    await addMember(server, admin.companyId, employee.userId, ["ROLE_COMPANY_EMPLOYEE"], true);
    const eauth = { authorization: `Bearer ${await tokenFor(server, employee.userId)}` };
    expect(
      (await server.app.inject({ method: "POST", url: "/api/ebay/connect", headers: eauth })).statusCode,
    ).toBe(403);
    expect(
      (await server.app.inject({ method: "DELETE", url: "/api/ebay/connection", headers: eauth })).statusCode,
    ).toBe(403);
    const status = await server.app.inject({ method: "GET", url: "/api/ebay/status", headers: eauth });
    expect(status.json()).toMatchObject({ state: "not_connected", canManage: false });
    expect((await server.app.inject({ method: "POST", url: "/api/ebay/connect" })).statusCode).toBe(401);
  });

  it("disconnect removes the tokens", async () => {
    const user = await createTestUser(server);
    await connect(server, double, user);
    const res = await server.app.inject({
      method: "DELETE",
      url: "/api/ebay/connection",
      headers: user.auth,
    });
    expect(res.statusCode).toBe(204);
    const rows = await server.database.db
      .select()
      .from(ebayConnections)
      .where(eq(ebayConnections.companyId, user.companyId));
    expect(rows).toHaveLength(0);
    const status = await server.app.inject({ method: "GET", url: "/api/ebay/status", headers: user.auth });
    expect(status.json().state).toBe("not_connected");
  });

  it("bad input gets clear 4xx answers", async () => {
    const user = await createTestUser(server);
    const bad = [
      { method: "GET" as const, url: "/api/ebay/categories/suggestions?q=" },
      { method: "GET" as const, url: "/api/ebay/categories/abc/aspects" },
      { method: "GET" as const, url: "/api/ebay/listings?itemIds=zz" },
      { method: "PUT" as const, url: "/api/ebay/setup/policies", payload: { fulfillmentPolicyId: "x" } },
      { method: "POST" as const, url: "/api/ebay/setup/location", payload: { city: "" } },
    ];
    for (const b of bad) {
      const res = await server.app.inject({ ...b, headers: user.auth });
      expect(res.statusCode, b.url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, b.url).toBeLessThan(500);
    }
    const notConnected = await server.app.inject({
      method: "GET",
      url: "/api/ebay/policies",
      headers: user.auth,
    });
    expect(notConnected.statusCode).toBe(409);
    expect(notConnected.json().code).toBe("EBAY_NOT_CONNECTED");
  });

  it("the double saw no request outside eBay's contract", () => {
    expect(double.contractViolations).toEqual([]);
  });
});

describe("eBay not configured", () => {
  it("the product runs; Connect explains eBay is not configured", async () => {
    const plain = await startTestServer();
    try {
      const user = await createTestUser(plain);
      const res = await plain.app.inject({ method: "POST", url: "/api/ebay/connect", headers: user.auth });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: "EBAY_NOT_CONFIGURED" });
      expect(res.json().message).toContain("not configured");
      const status = await plain.app.inject({ method: "GET", url: "/api/ebay/status", headers: user.auth });
      expect(status.json().state).toBe("not_configured");
    } finally {
      await plain.close();
    }
  }, 300_000);
});

describe("eBay account-deletion notifications", () => {
  const endpoint = "https://blocklot.test/api/ebay/account-deletion";

  it("answers eBay's challenge with SHA-256 of code + verification token + endpoint", async () => {
    const res = await server.app.inject({
      method: "GET",
      url: "/api/ebay/account-deletion?challenge_code=a8628072-3d33-45ee-9004-bee86830a22d",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      challengeResponse: expectedChallengeResponse(
        "a8628072-3d33-45ee-9004-bee86830a22d",
        double.verificationToken,
        endpoint,
      ),
    });
    expect((await server.app.inject({ method: "GET", url: "/api/ebay/account-deletion" })).statusCode).toBe(
      400,
    );
  });

  it("a signed notification deletes the seller's tokens and a buyer's personal data; the key is fetched once and cached", async () => {
    const user = await createTestUser(server);
    await connect(server, double, user, "leaving_seller");
    const [conn] = await server.database.db
      .select()
      .from(ebayConnections)
      .where(eq(ebayConnections.companyId, user.companyId));
    await server.database.db.insert(ebayOrders).values({
      id: uuidv7(),
      companyId: user.companyId,
      orderId: "01-1-1",
      lineItemId: "1",
      sku: "X1",
      title: "Lamp",
      quantity: 1,
      priceCents: 100,
      buyerUsername: "leaving_buyer",
      buyerName: "Lee Buyer",
      buyerCity: "Bronx",
      status: "sold",
      orderCreatedAt: new Date(),
      lastModifiedAt: new Date(),
    });
    const post = (n: { body: string; signature?: string }) => postDeletionNotice(server, n);
    // Unsigned, badly signed, unknown key: refused, nothing changes.
    const good = double.deletionNotification({ userId: conn?.ebayUserId ?? "", username: "leaving_seller" });
    expect((await post({ body: good.body })).statusCode).toBe(412);
    expect((await post({ body: good.body, signature: "bm90LWpzb24=" })).statusCode).toBe(412);
    const tampered = double.deletionNotification(
      { userId: conn?.ebayUserId ?? "", username: "leaving_seller" },
      { tamper: true },
    );
    expect((await post(tampered)).statusCode).toBe(412);
    const otherKid = double.deletionNotification({ userId: "x", username: "y" }, { kid: "0a1b2c3d-unknown" });
    expect((await post(otherKid)).statusCode).toBe(412);
    expect((await post({ body: "{not json", signature: good.signature })).statusCode).toBe(400);
    expect(
      await server.database.db
        .select()
        .from(ebayConnections)
        .where(eq(ebayConnections.companyId, user.companyId)),
    ).toHaveLength(1);

    const fetches = double.keyFetches;
    expect((await post(good)).statusCode).toBe(204);
    expect(
      await server.database.db
        .select()
        .from(ebayConnections)
        .where(eq(ebayConnections.companyId, user.companyId)),
    ).toHaveLength(0);
    const buyer = double.deletionNotification({ userId: "b1", username: "leaving_buyer" });
    expect((await post(buyer)).statusCode).toBe(204);
    const [order] = await server.database.db
      .select()
      .from(ebayOrders)
      .where(eq(ebayOrders.orderId, "01-1-1"));
    expect(order).toMatchObject({ buyerUsername: null, buyerName: null, buyerCity: null });
    // The key came from the Notification API at most once, then from the cache.
    expect(double.keyFetches - fetches).toBeLessThanOrEqual(1);
    // A repeat of the same notification changes nothing and is answered alike.
    expect((await post(good)).statusCode).toBe(204);
  });
});
