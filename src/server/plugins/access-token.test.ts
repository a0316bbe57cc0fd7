import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ROLES } from "../../domain/roles";
import {
  type AccessClaims,
  signAccessToken,
  TokenError,
  verifiedTokens,
  verifyAccessToken,
} from "./access-token";
import { VerifiedTokens } from "./verified-tokens";

const claims: AccessClaims = {
  id: "0190c0de-0000-7000-8000-000000000001",
  email: "reader@example.com",
  displayName: "Reader",
  photo: null,
  phoneNumber: null,
  createdAt: "2026-11-27T00:00:00.000Z",
  hasEbayAccount: false,
  roles: [ROLES.USER],
  showWelcomePage: false,
  companyId: null,
};
const newSecret = () => new Uint8Array(randomBytes(32));

async function refusal(token: string, secret: Uint8Array): Promise<TokenError> {
  const err = await verifyAccessToken(token, secret).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TokenError);
  return err as TokenError;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("verified access tokens are remembered", () => {
  it("checks a token's signature once and answers the same claims after", async () => {
    const secret = newSecret();
    const token = await signAccessToken(claims, secret, 900);
    const hmac = vi.spyOn(crypto.subtle, "verify");
    const first = await verifyAccessToken(token, secret);
    const again = await verifyAccessToken(token, secret);
    expect(hmac).toHaveBeenCalledTimes(1);
    expect(again).toEqual(first);
    expect(first).toMatchObject(claims);
    // a fresh verification (another copy of the same secret has its own cache) answers the same
    const fresh = await verifyAccessToken(token, new Uint8Array(secret));
    expect(hmac).toHaveBeenCalledTimes(2);
    expect(again).toEqual(fresh);
  });

  it("refuses a remembered token once it has expired, as verifying it would", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-27T12:00:00Z"));
    const secret = newSecret();
    const token = await signAccessToken(claims, secret, 60);
    await verifyAccessToken(token, secret);
    vi.setSystemTime(new Date("2026-11-27T12:00:59Z"));
    expect((await verifyAccessToken(token, secret)).id).toBe(claims.id);
    vi.setSystemTime(new Date("2026-11-27T12:01:00Z"));
    const err = await refusal(token, secret);
    expect(err.message).toBe("Access token has expired");
    expect(err.expired).toBe(true);
    expect(verifiedTokens(secret).size).toBe(0);
  });

  it("refuses a remembered token with a changed signature or changed claims", async () => {
    const secret = newSecret();
    const token = await signAccessToken(claims, secret, 900);
    await verifyAccessToken(token, secret);
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const flipped = signature.slice(0, 10) + (signature[10] === "A" ? "B" : "A") + signature.slice(11);
    expect((await refusal(`${header}.${payload}.${flipped}`, secret)).message).toBe(
      "Access token is invalid",
    );
    const raised = {
      ...JSON.parse(Buffer.from(payload, "base64url").toString()),
      roles: [ROLES.SUPER_ADMIN],
    };
    const forged = `${header}.${Buffer.from(JSON.stringify(raised)).toString("base64url")}.${signature}`;
    expect((await refusal(forged, secret)).message).toBe("Access token is invalid");
    // and by a server with another secret
    expect((await refusal(token, newSecret())).message).toBe("Access token is invalid");
    expect(verifiedTokens(secret).size).toBe(1);
  });

  it("shares frozen claims, so no request can change another's user", async () => {
    const secret = newSecret();
    const user = await verifyAccessToken(await signAccessToken(claims, secret, 900), secret);
    expect(Object.isFrozen(user)).toBe(true);
    expect(Object.isFrozen(user.roles)).toBe(true);
  });
});

describe("VerifiedTokens", () => {
  it("keeps at most `max` tokens and forgets the least recently used first", () => {
    const cache = new VerifiedTokens<string>(3);
    const exp = 2_000_000_000;
    cache.set("a", "A", exp);
    cache.set("b", "B", exp);
    cache.set("c", "C", exp);
    expect(cache.get("a", 0)).toBe("A"); // a is now the most recent
    cache.set("d", "D", exp);
    expect(cache.size).toBe(3);
    expect(cache.get("b", 0)).toBeUndefined();
    expect([cache.get("a", 0), cache.get("c", 0), cache.get("d", 0)]).toEqual(["A", "C", "D"]);
    for (let i = 0; i < 100; i++) cache.set(`t${i}`, "T", exp);
    expect(cache.size).toBe(3);
  });

  it("answers nothing at or after a token's exp and drops it", () => {
    const cache = new VerifiedTokens<string>();
    cache.set("a", "A", 100);
    expect(cache.get("a", 99)).toBe("A");
    expect(cache.get("a", 100)).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
