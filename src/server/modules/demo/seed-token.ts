import { randomUUID } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";

/**
 * `npm run seed` hands the work to a running server (PGlite opens in one process at a time): it
 * proves it runs on the server's machine with the server's settings by signing a short-lived token
 * with the server's own key (JWT_SECRET, or DATA_DIR/jwt-secret, which only the server's user can
 * read). Its issuer and audience differ from an access token's, so neither passes for the other.
 */
const ISSUER = "blocklot-seed";
const AUDIENCE = "demo-seed";
const TTL_SECONDS = 120;

export const SEED_TOKEN_HEADER = "x-blocklot-seed-token";

export function signSeedToken(secret: Uint8Array): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + TTL_SECONDS)
    .sign(secret);
}

export async function verifySeedToken(token: string, secret: Uint8Array): Promise<boolean> {
  try {
    await jwtVerify(token, secret, { algorithms: ["HS256"], issuer: ISSUER, audience: AUDIENCE });
    return true;
  } catch {
    return false;
  }
}
