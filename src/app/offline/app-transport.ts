/** The page's transport: the app's HTTP client (bearer token, one refresh and retry on 401). */

import { NetworkError, type SyncTransport } from "../../sync/transport";
import { HttpError, request } from "../lib/http";

export const appTransport: SyncTransport = {
  async send(req) {
    try {
      const data = await request(req.method, req.url, {
        body: req.body ?? undefined,
        headers: { ...req.headers, ...(req.idempotencyKey ? { "Idempotency-Key": req.idempotencyKey } : {}) },
        // the engine names each request's company (seller-companies.ts adds its header), not the page
        sellerCompany: null,
        // a 403 on a queued write is shown on the sync screen, not as a trip to the forbidden page
        keepForbidden: true,
      });
      return { status: 200, data };
    } catch (e) {
      if (e instanceof HttpError && e.hasResponse)
        return { status: e.status, data: e.data ?? { message: e.message }, retryAfter: e.retryAfterHeader };
      throw new NetworkError(e instanceof Error ? e.message : String(e));
    }
  },
};
