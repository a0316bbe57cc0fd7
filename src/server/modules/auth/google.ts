import { createRemoteJWKSet, type JWTPayload, errors as joseErrors, jwtVerify } from "jose";
import type { Config } from "../../config";
import { httpError } from "../../plugins/errors";

const GOOGLE_ISSUER = "https://accounts.google.com";

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string | null;
  picture: string | null;
}

export type GoogleVerifier = (idToken: string) => Promise<GoogleIdentity>;

/**
 * Verifies Google ID tokens against Google's published keys (GOOGLE_JWKS_URL, fetched
 * and cached by jose): RS256 only, issuer, audience = GOOGLE_CLIENT_ID, expiry, and a
 * verified email. Every refusal is a 401 with a message; an unreachable key set is a 503.
 */
export function createGoogleVerifier(config: Config): GoogleVerifier {
  const jwks = createRemoteJWKSet(new URL(config.googleJwksUrl));
  // Google issues both spellings of its issuer.
  const issuers =
    config.googleIssuer === GOOGLE_ISSUER ? [GOOGLE_ISSUER, "accounts.google.com"] : [config.googleIssuer];

  return async (idToken) => {
    if (!config.googleClientId) throw httpError(400, "Google sign-in is not configured");
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, jwks, {
        algorithms: ["RS256"],
        issuer: issuers,
        audience: config.googleClientId,
      }));
    } catch (err) {
      throw googleError(err);
    }
    if (typeof payload.sub !== "string" || !payload.sub) {
      throw httpError(401, "Google sign-in failed: the token has no account id");
    }
    if (typeof payload.email !== "string" || !payload.email) {
      throw httpError(401, "Google sign-in failed: the token has no email address");
    }
    if (payload.email_verified !== true && payload.email_verified !== "true") {
      throw httpError(401, "Google sign-in failed: your Google email address is not verified");
    }
    return {
      sub: payload.sub,
      email: payload.email.trim().toLowerCase(),
      name: typeof payload.name === "string" && payload.name.trim() ? payload.name.trim() : null,
      picture: typeof payload.picture === "string" ? payload.picture : null,
    };
  };
}

function googleError(err: unknown) {
  if (err instanceof joseErrors.JWTExpired) {
    return httpError(401, "Google sign-in failed: the token has expired. Please try again.");
  }
  if (err instanceof joseErrors.JWTClaimValidationFailed) {
    const which = err.claim === "aud" ? "audience" : err.claim === "iss" ? "issuer" : `"${err.claim}" claim`;
    return httpError(401, `Google sign-in failed: the token's ${which} is not accepted`);
  }
  if (err instanceof joseErrors.JWKSTimeout || err instanceof joseErrors.JWKSInvalid) {
    return httpError(503, "Google sign-in is unavailable right now (Google's keys could not be loaded)");
  }
  if (err instanceof joseErrors.JOSEError) {
    return httpError(401, "Google sign-in failed: the token is not a valid Google ID token");
  }
  // fetch failures (network) and anything else while getting the keys
  return httpError(503, "Google sign-in is unavailable right now (Google's keys could not be loaded)");
}
