import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type { Role } from "../../domain/roles";
import { VerifiedTokens } from "./verified-tokens";

/** The user claims the app decodes from the access token (spec section 3). */
export interface AccessClaims {
  id: string;
  email: string;
  displayName: string;
  photo: string | null;
  phoneNumber: string | null;
  createdAt: string;
  hasEbayAccount: boolean;
  roles: Role[];
  showWelcomePage: boolean;
  /** The active company at the time of issue (null when the user has none). */
  companyId: string | null;
  /**
   * The sign-in session (refresh-token family) the token was issued for, so live connections
   * close when that session is signed out (src/server/live). Absent on tokens made otherwise.
   */
  sid?: string;
}

const ISSUER = "blocklot";

export async function signAccessToken(claims: AccessClaims, secret: Uint8Array, ttlSeconds: number) {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.id)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(secret);
}

export class TokenError extends Error {
  constructor(
    message: string,
    readonly expired = false,
  ) {
    super(message);
  }
}

/**
 * The HMAC key imported into WebCrypto once per secret: handing jose the raw bytes makes
 * it import a key on every verification, which cost most of a cached request's time.
 */
const verifyKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();
function verifyKey(secret: Uint8Array): Promise<CryptoKey> {
  let key = verifyKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new Uint8Array(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "verify",
    ]);
    verifyKeys.set(secret, key);
  }
  return key;
}

/** The tokens each secret has verified (one secret per server; tests build servers with their own). */
const verifiedBySecret = new WeakMap<Uint8Array, VerifiedTokens<AccessClaims>>();
export function verifiedTokens(secret: Uint8Array): VerifiedTokens<AccessClaims> {
  let cache = verifiedBySecret.get(secret);
  if (!cache) {
    cache = new VerifiedTokens<AccessClaims>();
    verifiedBySecret.set(secret, cache);
  }
  return cache;
}

/**
 * Verifies signature (HS256 only: `alg: none` and other algorithms are refused), issuer and expiry.
 * A token verified before is answered from `verifiedTokens` (the same claims, frozen, as it is
 * shared by every request that sends it) until its `exp`; then, and for any other text, it is
 * verified again, so the answer and the errors are those of verifying.
 */
export async function verifyAccessToken(token: string, secret: Uint8Array): Promise<AccessClaims> {
  const cache = verifiedTokens(secret);
  const known = cache.get(token);
  if (known) return known;
  try {
    const { payload } = await jwtVerify(token, await verifyKey(secret), {
      algorithms: ["HS256"],
      issuer: ISSUER,
    });
    if (typeof payload.id !== "string" || !Array.isArray(payload.roles)) {
      throw new TokenError("Access token is malformed");
    }
    const claims = payload as unknown as AccessClaims;
    // Tokens without an expiry (none are issued) are verified every time.
    if (typeof payload.exp === "number") {
      Object.freeze(claims.roles);
      cache.set(token, Object.freeze(claims), payload.exp);
    }
    return claims;
  } catch (err) {
    if (err instanceof TokenError) throw err;
    if (err instanceof joseErrors.JWTExpired) throw new TokenError("Access token has expired", true);
    throw new TokenError("Access token is invalid");
  }
}
