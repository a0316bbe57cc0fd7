import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";

/**
 * A stand-in for Google's sign-in: an RS256 key pair whose public half is served as
 * a JWKS on a loopback port, and helpers that mint ID tokens like Google's.
 */
export interface GoogleDouble {
  jwksUrl: string;
  issuer: string;
  clientId: string;
  /** Env for startTestServer. */
  env: Record<string, string>;
  /** A Google-like ID token; claims override the defaults (verified email, 1 h validity). */
  idToken(
    claims?: JWTPayload & { exp?: number },
    opts?: { key?: "google" | "other"; kid?: string },
  ): Promise<string>;
  /** An unsigned token (`alg: none`) with the given claims. */
  unsignedToken(claims?: JWTPayload): string;
  close(): Promise<void>;
}

const KID = "google-double-key";

export async function startGoogleDouble(
  clientId = "blocklot-test.apps.googleusercontent.com",
): Promise<GoogleDouble> {
  const google = await generateKeyPair("RS256", { extractable: true });
  const other = await generateKeyPair("RS256", { extractable: true });
  const jwk = { ...(await exportJWK(google.publicKey)), kid: KID, alg: "RS256", use: "sig" };

  const server: Server = createServer((req, res) => {
    if (req.url === "/oauth2/v3/certs") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const jwksUrl = `http://127.0.0.1:${port}/oauth2/v3/certs`;
  const issuer = "https://accounts.google.com";

  const defaults = (claims: JWTPayload) => ({
    iss: issuer,
    aud: clientId,
    sub: "109876543210987654321",
    email: "gina@example.com",
    email_verified: true,
    name: "Gina Google",
    iat: Math.floor(Date.now() / 1000),
    exp: Math.floor(Date.now() / 1000) + 3600,
    ...claims,
  });

  return {
    jwksUrl,
    issuer,
    clientId,
    env: { GOOGLE_CLIENT_ID: clientId, GOOGLE_JWKS_URL: jwksUrl, GOOGLE_ISSUER: issuer },
    async idToken(claims = {}, opts = {}) {
      const key = opts.key === "other" ? other.privateKey : google.privateKey;
      return new SignJWT(defaults(claims))
        .setProtectedHeader({ alg: "RS256", typ: "JWT", kid: opts.kid ?? KID })
        .sign(key);
    },
    unsignedToken(claims = {}) {
      const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
      return `${enc({ alg: "none", typ: "JWT" })}.${enc(defaults(claims))}.`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
