import { EBAY_SCOPES } from "../../../domain/ebay/contract";
import type { EbayConfig } from "../../config";
import { EbayApiError } from "./errors";

/**
 * eBay OAuth 2.0 (authorization-code grant for sellers, client-credentials grant for the
 * application): the consent page is on the auth host, the token endpoint on the API host, and
 * `redirect_uri` is the RuName (ANCHORS.md "eBay's contract").
 */
export function consentUrl(config: EbayConfig, state: string): string {
  const url = new URL(`${config.authBase}/oauth2/authorize`);
  url.searchParams.set("client_id", config.clientId);
  url.searchParams.set("redirect_uri", config.ruName);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", EBAY_SCOPES.join(" "));
  url.searchParams.set("state", state);
  return url.toString();
}

export interface UserTokens {
  accessToken: string;
  accessExpiresAt: Date;
  /** Absent on a refresh: eBay keeps the refresh token it issued with the code. */
  refreshToken?: string;
  refreshExpiresAt?: Date;
}

interface TokenAnswer {
  access_token?: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
  error?: string;
  error_description?: string;
}

/** eBay refused a grant (`invalid_grant` for a used code or a revoked refresh token). */
export class EbayGrantRefused extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(`eBay refused the grant: ${error}${description ? ` (${description})` : ""}`);
    this.name = "EbayGrantRefused";
  }
}

async function tokenRequest(
  config: EbayConfig,
  form: Record<string, string>,
  fetchImpl: typeof fetch,
  now: () => number,
): Promise<UserTokens> {
  const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString("base64");
  const res = await fetchImpl(`${config.apiBase}/identity/v1/oauth2/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${basic}`,
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
    },
    body: new URLSearchParams(form).toString(),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let body: TokenAnswer = {};
  try {
    body = JSON.parse(text) as TokenAnswer;
  } catch {
    // not JSON: reported below by status
  }
  if (res.status === 400 || res.status === 401) {
    throw new EbayGrantRefused(body.error ?? `status ${res.status}`, body.error_description ?? "");
  }
  if (!res.ok || !body.access_token || typeof body.expires_in !== "number") {
    throw new EbayApiError(res.status, "token", [{ message: body.error_description ?? text.slice(0, 200) }]);
  }
  const t = now();
  return {
    accessToken: body.access_token,
    accessExpiresAt: new Date(t + body.expires_in * 1000),
    ...(body.refresh_token
      ? {
          refreshToken: body.refresh_token,
          refreshExpiresAt: new Date(t + (body.refresh_token_expires_in ?? 47_304_000) * 1000),
        }
      : {}),
  };
}

export function exchangeCode(
  config: EbayConfig,
  code: string,
  fetchImpl: typeof fetch = fetch,
  now: () => number = Date.now,
) {
  return tokenRequest(
    config,
    { grant_type: "authorization_code", code, redirect_uri: config.ruName },
    fetchImpl,
    now,
  );
}

export function refreshUserToken(
  config: EbayConfig,
  refreshToken: string,
  fetchImpl: typeof fetch = fetch,
  now: () => number = Date.now,
) {
  return tokenRequest(
    config,
    { grant_type: "refresh_token", refresh_token: refreshToken, scope: EBAY_SCOPES.join(" ") },
    fetchImpl,
    now,
  );
}

/** The application's own token (client credentials), for Taxonomy and the Notification API's keys. */
export function applicationToken(
  config: EbayConfig,
  fetchImpl: typeof fetch = fetch,
  now: () => number = Date.now,
) {
  return tokenRequest(
    config,
    { grant_type: "client_credentials", scope: "https://api.ebay.com/oauth/api_scope" },
    fetchImpl,
    now,
  );
}

/** Refresh this long before the access token's expiry, so no call starts with a token about to lapse. */
const REFRESH_MARGIN_MS = 5 * 60_000;

/** True when the access token should be refreshed before use. */
export function needsRefresh(accessExpiresAt: Date, now: number = Date.now()): boolean {
  return accessExpiresAt.getTime() - now <= REFRESH_MARGIN_MS;
}
