/**
 * A company's eBay connection at work: its tokens decrypted for a call, the access token
 * refreshed before it lapses (one process at a time), and "reconnect needed" when eBay refuses
 * the refresh. Also the application's own token (client credentials) for Taxonomy and the
 * Notification API, kept in memory until shortly before it expires.
 */
import type { Config, EbayConfig } from "../../config";
import type { Db } from "../../db/client";
import { type ClientOptions, createEbayClient, type EbayClient } from "../../integrations/ebay/client";
import { EbayReconnectNeeded } from "../../integrations/ebay/errors";
import {
  applicationToken,
  EbayGrantRefused,
  needsRefresh,
  refreshUserToken,
} from "../../integrations/ebay/oauth";
import { decryptToken, encryptToken } from "../../integrations/ebay/token-crypto";
import { notify } from "../notifications/store";
import {
  type ConnectionRow,
  connectionById,
  connectionOf,
  takeRefreshLease,
  updateConnection,
} from "./store";

export const RECONNECT_MESSAGE = "eBay no longer accepts the saved sign-in. Connect your eBay account again.";

export interface EbayDeps {
  db: Db;
  config: Config;
  ebay: EbayConfig;
  /** Test hooks: the HTTP client, the retry backoff, a call counter. */
  client?: Partial<Pick<ClientOptions, "fetch" | "backoffMs" | "retries" | "onCall">>;
  now?: () => number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function encryptFor(config: Config, connectionId: string, token: string) {
  return encryptToken(config.ebayTokenKey, token, connectionId);
}

/** The access token, decrypted; undefined when the stored value cannot be read (other key, tampered). */
function accessOf(deps: EbayDeps, row: ConnectionRow): string | undefined {
  try {
    return decryptToken(deps.config.ebayTokenKey, row.accessToken, row.id);
  } catch {
    return undefined;
  }
}

/**
 * eBay refused the saved sign-in: the connection waits for the seller to connect again, and the
 * company's admins hear it on the bell (one notification per connection, refreshed if it
 * happens again). Answers the error to throw.
 */
async function markReconnectNeeded(db: Db, row: ConnectionRow): Promise<EbayReconnectNeeded> {
  await updateConnection(db, row.id, {
    state: "reconnect_needed",
    message: RECONNECT_MESSAGE,
    refreshLeaseUntil: null,
  });
  await notify(db, {
    companyId: row.companyId,
    recipients: "admins",
    type: "ebay_reconnect",
    description: RECONNECT_MESSAGE,
    link: "/dashboard/account",
    key: `ebay-reconnect:${row.id}`,
  });
  return new EbayReconnectNeeded(RECONNECT_MESSAGE);
}

/**
 * A new access token from the refresh token. Under a lease so two processes do not refresh at
 * once; a process that finds the lease taken waits and re-reads the row. A refusal (or a
 * refresh token that cannot be read) marks the connection reconnect_needed.
 */
async function refreshConnection(deps: EbayDeps, connectionId: string): Promise<string> {
  const now = deps.now ?? Date.now;
  for (let i = 0; i < 50; i++) {
    const row = await connectionById(deps.db, connectionId);
    if (!row) throw new EbayReconnectNeeded("The eBay account was disconnected");
    if (row.state === "reconnect_needed") throw new EbayReconnectNeeded(row.message ?? RECONNECT_MESSAGE);
    if (!(await takeRefreshLease(deps.db, row.id, 30_000))) {
      await sleep(200);
      const again = await connectionById(deps.db, connectionId);
      if (again && again.accessExpiresAt > row.accessExpiresAt) {
        const token = accessOf(deps, again);
        if (token) return token;
      }
      continue;
    }
    let refresh: string;
    try {
      refresh = decryptToken(deps.config.ebayTokenKey, row.refreshToken, row.id);
    } catch {
      throw await markReconnectNeeded(deps.db, row);
    }
    try {
      const t = await refreshUserToken(deps.ebay, refresh, deps.client?.fetch, now);
      await updateConnection(deps.db, row.id, {
        accessToken: encryptFor(deps.config, row.id, t.accessToken),
        accessExpiresAt: t.accessExpiresAt,
        ...(t.refreshToken && t.refreshExpiresAt
          ? {
              refreshToken: encryptFor(deps.config, row.id, t.refreshToken),
              refreshExpiresAt: t.refreshExpiresAt,
            }
          : {}),
        refreshLeaseUntil: null,
      });
      return t.accessToken;
    } catch (err) {
      if (err instanceof EbayGrantRefused) throw await markReconnectNeeded(deps.db, row);
      await updateConnection(deps.db, row.id, { refreshLeaseUntil: null });
      throw err;
    }
  }
  throw new Error("Timed out waiting for another process to refresh the eBay token");
}

/** A client acting as the company's seller, or EbayReconnectNeeded / null when not connected. */
export async function sellerClient(
  deps: EbayDeps,
  companyId: string,
): Promise<{ client: EbayClient; row: ConnectionRow } | null> {
  const row = await connectionOf(deps.db, companyId);
  if (!row) return null;
  if (row.state === "reconnect_needed") throw new EbayReconnectNeeded(row.message ?? RECONNECT_MESSAGE);
  const now = deps.now ?? Date.now;
  let cached: { token: string; expires: Date } | null = null;
  const client = createEbayClient({
    config: deps.ebay,
    ...deps.client,
    token: {
      async get() {
        if (cached && !needsRefresh(cached.expires, now())) return cached.token;
        const current = await connectionById(deps.db, row.id);
        if (!current) throw new EbayReconnectNeeded("The eBay account was disconnected");
        const token = accessOf(deps, current);
        if (token && !needsRefresh(current.accessExpiresAt, now())) {
          cached = { token, expires: current.accessExpiresAt };
          return token;
        }
        const fresh = await refreshConnection(deps, row.id);
        cached = { token: fresh, expires: new Date(now() + 60 * 60_000) };
        return fresh;
      },
      async refresh() {
        const fresh = await refreshConnection(deps, row.id);
        cached = { token: fresh, expires: new Date(now() + 60 * 60_000) };
        return fresh;
      },
    },
  });
  return { client, row };
}

const appTokens = new WeakMap<EbayConfig, { token: string; expires: number }>();

/** A client with the application's token (Taxonomy, Notification API public keys). */
export function applicationClient(deps: EbayDeps): EbayClient {
  const now = deps.now ?? Date.now;
  const fetchNew = async () => {
    const t = await applicationToken(deps.ebay, deps.client?.fetch, now);
    appTokens.set(deps.ebay, { token: t.accessToken, expires: t.accessExpiresAt.getTime() });
    return t.accessToken;
  };
  return createEbayClient({
    config: deps.ebay,
    ...deps.client,
    token: {
      async get() {
        const c = appTokens.get(deps.ebay);
        if (c && c.expires - now() > 5 * 60_000) return c.token;
        return fetchNew();
      },
      refresh: fetchNew,
    },
  });
}
