import { describe, expect, it } from "vitest";
import { isTokenExpired, userFromToken } from "./tokens";

const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
const jwt = (claims: unknown) => `${enc({ alg: "HS256" })}.${enc(claims)}.sig`;

describe("tokens", () => {
  it("decodes the user of the spec from the access token, unicode included", () => {
    const user = userFromToken(
      jwt({
        id: 7,
        email: "zoë@x.io",
        displayName: "Zoë",
        roles: ["ROLE_USER"],
        hasEbayAccount: true,
        exp: 1,
      }),
    );
    expect(user).toMatchObject({ id: "7", email: "zoë@x.io", displayName: "Zoë", roles: ["ROLE_USER"] });
    expect(user?.hasEbayAccount).toBe(true);
  });
  it("refuses tokens it cannot read", () => {
    expect(userFromToken("garbage")).toBeNull();
    expect(userFromToken("a.b.c")).toBeNull();
  });
  it("checks expiry against exp", () => {
    const now = 1_700_000_000_000;
    expect(isTokenExpired(jwt({ exp: now / 1000 + 600 }), 10, now)).toBe(false);
    expect(isTokenExpired(jwt({ exp: now / 1000 - 1 }), 10, now)).toBe(true);
    expect(isTokenExpired(jwt({}), 10, now)).toBe(true);
    expect(isTokenExpired(null)).toBe(true);
  });
});
