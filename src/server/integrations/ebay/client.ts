import createClient from "openapi-fetch";
import type { EbayConfig } from "../../config";
import { EbayApiError, type EbayErrorDetail } from "./errors";
import type { paths as AccountPaths } from "./types/account";
import type { paths as FulfillmentPaths } from "./types/fulfillment";
import type { paths as IdentityPaths } from "./types/identity";
import type { paths as InventoryPaths } from "./types/inventory";
import type { operations as MediaOps, paths as MediaPaths } from "./types/media";
import type { paths as NotificationPaths } from "./types/notification";
import type { paths as TaxonomyPaths } from "./types/taxonomy";

/**
 * The typed eBay client: one openapi-fetch client per API, typed by the types generated from
 * eBay's published OpenAPI documents (scripts/ebay-types.sh), with base URLs from configuration.
 * Every call goes through `send`, which adds the bearer token, retries 429 (honouring
 * Retry-After) and 5xx with backoff, and on a 401 refreshes the token once and retries.
 */
interface TokenSource {
  /** A valid access token (refreshed first when it is about to expire). */
  get(): Promise<string>;
  /** A new access token after eBay refused the current one. */
  refresh(): Promise<string>;
}

export interface ClientOptions {
  config: EbayConfig;
  token: TokenSource;
  fetch?: typeof fetch;
  /** Retries of a 429 or 5xx answer (default 6). */
  retries?: number;
  /** First backoff in ms when eBay gives no Retry-After (default 500; doubles, jittered). */
  backoffMs?: number;
  /** Called once per HTTP request sent to eBay (for counting calls). */
  onCall?: (method: string, url: string, status: number) => void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createEbayClient(opts: ClientOptions) {
  const { config, token } = opts;
  const baseFetch = opts.fetch ?? fetch;
  const retries = opts.retries ?? 6;
  const backoffMs = opts.backoffMs ?? 500;

  /** Sends one request with auth, retries and the single refresh on 401. */
  const send = async (request: Request): Promise<Response> => {
    let refreshed = false;
    let bearer = await token.get();
    for (let attempt = 0; ; attempt++) {
      const r = request.clone();
      r.headers.set("authorization", `Bearer ${bearer}`);
      let res: Response;
      try {
        res = await baseFetch(r, { signal: AbortSignal.timeout(60_000) } as RequestInit);
      } catch (err) {
        if (attempt >= retries) throw err;
        await sleep(backoffMs * 2 ** attempt * (0.75 + Math.random() / 2));
        continue;
      }
      opts.onCall?.(request.method, request.url, res.status);
      if (res.status === 401 && !refreshed) {
        refreshed = true;
        await res.body?.cancel();
        bearer = await token.refresh();
        attempt--;
        continue;
      }
      if ((res.status === 429 || res.status >= 500) && attempt < retries) {
        const after = Number(res.headers.get("retry-after"));
        await res.body?.cancel();
        const wait =
          Number.isFinite(after) && after > 0
            ? after * 1000
            : Math.min(30_000, backoffMs * 2 ** attempt * (0.75 + Math.random() / 2));
        await sleep(wait);
        continue;
      }
      return res;
    }
  };

  const fetchFor = (input: Request) => send(input);
  const make = <P extends {}>(base: string) =>
    createClient<P>({
      baseUrl: base,
      fetch: fetchFor as typeof fetch,
      headers: { accept: "application/json" },
    });

  const api = config.apiBase;
  return {
    send,
    inventory: make<InventoryPaths>(`${api}/sell/inventory/v1`),
    account: make<AccountPaths>(`${api}/sell/account/v1`),
    fulfillment: make<FulfillmentPaths>(`${api}/sell/fulfillment/v1`),
    taxonomy: make<TaxonomyPaths>(`${api}/commerce/taxonomy/v1`),
    notification: make<NotificationPaths>(`${api}/commerce/notification/v1`),
    identity: make<IdentityPaths>(`${config.identityBase}/commerce/identity/v1`),
    media: make<MediaPaths>(`${api}/commerce/media/v1_beta`),
    /** createImageFromFile: a multipart upload (openapi-fetch would set a Content-Type without boundary). */
    async uploadImage(bytes: Uint8Array, fileName: string, mime: string) {
      const form = new FormData();
      form.append("image", new Blob([bytes as Uint8Array<ArrayBuffer>], { type: mime }), fileName);
      const res = await send(
        new Request(`${api}/commerce/media/v1_beta/image/create_image_from_file`, {
          method: "POST",
          body: form,
          headers: { accept: "application/json" },
        }),
      );
      const body = await readJson(res);
      if (res.status !== 201) throw toError(res.status, "createImageFromFile", body);
      // The image id is the last segment of the getImage URI eBay answers in Location.
      const imageId = res.headers.get("location")?.split("/").filter(Boolean).pop() ?? null;
      return {
        ...(body as MediaOps["createImageFromFile"]["responses"]["201"]["content"]["application/json"]),
        imageId,
      };
    },
  };
}

export type EbayClient = ReturnType<typeof createEbayClient>;

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return { errors: [{ message: text.slice(0, 300) }] };
  }
}

function toError(status: number, operation: string, body: unknown) {
  const errors = ((body as { errors?: EbayErrorDetail[] } | undefined)?.errors ?? []) as EbayErrorDetail[];
  return new EbayApiError(status, operation, errors);
}

/**
 * The data of an openapi-fetch answer, or an EbayApiError carrying eBay's errors. A 207
 * (partial success of a bulk call) is data: each record says how it went.
 */
export function ok<T>(operation: string, result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok) return result.data as T;
  throw toError(result.response.status, operation, result.error);
}
