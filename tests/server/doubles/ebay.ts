// Over 600 lines on purpose: the eBay test double serves every documented operation the client calls (OAuth, inventory, offers, orders, taxonomy, notifications).
import { createHash, createSign, generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import Ajv, { type ValidateFunction } from "ajv";
import { EBAY_CONTRACTS, type EbayContractName } from "../../fixtures/ebay/operations";

/**
 * A local stand-in for eBay, following the published contracts in tests/fixtures/ebay/: every
 * request to a REST operation is matched to its path, checked for the headers eBay requires
 * (Authorization: Bearer, and Content-Language / Content-Type where the document marks them
 * required) and its JSON body validated against the document's schema. It enforces the
 * 25-record limit of the bulk calls (error 25727), alphanumeric SKUs of ≤ 50 (25707), what a
 * publish needs (policies, location, category, required aspects, pictures, price), expires
 * access tokens, answers 429 in bursts on demand and past eBay's Media API limit (50 POSTs per
 * 5 s per user), adds latency per call for benchmarks, and
 * can produce orders and account-deletion notifications signed with its own key (ECDSA
 * P-256, SHA1 digest, as eBay's SDKs verify). Also the consent page on the "auth host".
 * Product code never imports this file.
 */

type Json = Record<string, unknown>;

interface Route {
  contract: EbayContractName;
  method: string;
  template: string;
  regex: RegExp;
  params: string[];
  operationId: string;
  op: Json;
}

const BASES: Record<EbayContractName, string> = {
  inventory: "/sell/inventory/v1",
  account: "/sell/account/v1",
  fulfillment: "/sell/fulfillment/v1",
  taxonomy: "/commerce/taxonomy/v1",
  media: "/commerce/media/v1_beta",
  notification: "/commerce/notification/v1",
  identity: "/commerce/identity/v1",
};

interface DoubleCategory {
  id: string;
  name: string;
  path: string[];
  words: string[];
  aspects: { name: string; required: boolean; values?: string[] }[];
}

/** The categories the double's Taxonomy knows. */
const DOUBLE_CATEGORIES: DoubleCategory[] = [
  {
    id: "9355",
    name: "Cell Phones & Smartphones",
    path: ["Cell Phones & Accessories"],
    words: ["phone", "iphone", "smartphone", "galaxy"],
    aspects: [
      { name: "Brand", required: true, values: ["Apple", "Samsung", "Google"] },
      { name: "Model", required: true },
      { name: "Color", required: false },
    ],
  },
  {
    id: "112581",
    name: "Lamps",
    path: ["Home & Garden", "Lamps, Lighting & Ceiling Fans"],
    words: ["lamp", "light", "brass"],
    aspects: [
      { name: "Brand", required: true },
      { name: "Material", required: false, values: ["Brass", "Glass", "Wood"] },
    ],
  },
  {
    id: "1",
    name: "Collectibles",
    path: [],
    words: [],
    aspects: [{ name: "Era", required: false }],
  },
];

interface Seller {
  userId: string;
  username: string;
  items: Map<string, Json>;
  offers: Map<string, Json & { offerId: string; sku: string; status: string; listingId?: string }>;
  locations: Map<string, Json>;
  programs: Set<string>;
  policies: { fulfillment: Json[]; payment: Json[]; return: Json[] };
  orders: Json[];
}

export interface EbayDouble {
  /** The "API host" and the "auth host" (one server). */
  url: string;
  clientId: string;
  clientSecret: string;
  ruName: string;
  verificationToken: string;
  /** The environment for the product pointing at this double. */
  env: Record<string, string>;
  /** Every request: method, path, operation id (REST) and status answered. */
  calls: { method: string; path: string; operationId: string | null; status: number }[];
  /** Requests the double refused, with why (schema, headers, limits): should stay empty in a passing test. */
  contractViolations: string[];
  sellers: Map<string, Seller>;
  /** Where the consent page sends the seller (the app's callback): set by the test. */
  setAcceptUrl(url: string): void;
  /** Server tests: what the consent page would do, as the redirect URL eBay sends the browser to. */
  consent(consentUrl: string, answer: "accept" | "decline", opts?: { seller?: string }): Promise<string>;
  /** Access tokens issued so far stop working (as if 2 hours passed). */
  expireAccessTokens(): void;
  /** Refresh tokens stop working (the seller revoked the app). */
  revokeRefreshTokens(): void;
  /** The next `n` REST calls answer 429 with Retry-After. */
  burst429(n: number, retryAfterSeconds?: number): void;
  /** Milliseconds added to every call. */
  setLatency(ms: number): void;
  /** The next `n` photo uploads (createImageFromFile) are refused as eBay refuses a picture it cannot use. */
  refuseImages(n: number): void;
  /** Every picture uploaded so far expired unused: eBay removed it, and a listing naming it is refused. */
  expireImages(): void;
  seller(username?: string): Seller;
  /** A buyer's order of `quantity` of a SKU (paid, not yet shipped unless said). */
  addOrder(o: {
    seller?: string;
    sku: string;
    quantity?: number;
    price?: string;
    buyer?: { username: string; name: string; city: string };
    paid?: boolean;
  }): Json;
  /** Moves an order on (eBay's statuses), touching lastModifiedDate. */
  updateOrder(orderId: string, change: { paid?: boolean; shipped?: boolean; delivered?: boolean }): void;
  /** An account-deletion notification for an eBay user, with its X-EBAY-SIGNATURE. */
  deletionNotification(
    user: { userId: string; username: string },
    opts?: { tamper?: boolean; kid?: string },
  ): {
    body: string;
    signature: string;
  };
  keyFetches: number;
  close(): Promise<void>;
}

const FIXTURES = join(import.meta.dirname, "../../fixtures/ebay");

function loadRoutes() {
  const routes: Route[] = [];
  const validators = new Map<string, ValidateFunction>();
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  for (const name of Object.keys(EBAY_CONTRACTS) as EbayContractName[]) {
    const doc = JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), "utf8")) as Json;
    ajv.addSchema({ $id: name, components: doc.components }, name);
    for (const [template, ops] of Object.entries(doc.paths as Record<string, Json>)) {
      for (const [method, op] of Object.entries(ops)) {
        const params: string[] = [];
        const pattern = template.replace(/\/$/, "").replace(/\{([^}]+)\}/g, (_, p) => {
          params.push(p);
          return "([^/]+)";
        });
        const o = op as Json;
        routes.push({
          contract: name,
          method: method.toUpperCase(),
          template,
          regex: new RegExp(`^${BASES[name]}${pattern}/?$`),
          params,
          operationId: o.operationId as string,
          op: o,
        });
        const body = (o.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
        const schema = body?.["application/json"]?.schema as Json | undefined;
        if (schema) {
          const ref = typeof schema.$ref === "string" ? { $ref: `${name}${schema.$ref}` } : schema;
          validators.set(`${name}:${o.operationId}`, ajv.compile(ref));
        }
      }
    }
  }
  return { routes, validators };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const ebayError = (errorId: number, message: string, extra: Json = {}) => ({
  errorId,
  domain: "API_INVENTORY",
  category: "REQUEST",
  message,
  ...extra,
});

export async function startEbayDouble(opts: { accessTtlSeconds?: number } = {}): Promise<EbayDouble> {
  const { routes, validators } = loadRoutes();
  const clientId = `Blocklot-Test-SBX-${randomBytes(4).toString("hex")}`;
  const clientSecret = `SBX-${randomBytes(12).toString("hex")}`;
  const ruName = `Blocklot-Test-${randomBytes(3).toString("hex")}`;
  const verificationToken = randomBytes(24).toString("hex");
  const calls: EbayDouble["calls"] = [];
  const contractViolations: string[] = [];
  const sellers = new Map<string, Seller>();
  const codes = new Map<string, { seller: string; state: string }>();
  const accessTokens = new Map<string, { seller: string | null; expires: number }>();
  const refreshTokens = new Map<string, string>();
  const images = new Set<string>();
  let acceptUrl = "";
  let burst = 0;
  let burstRetryAfter = 1;
  let refuseImages = 0;
  let latency = 0;
  let orderSeq = 0;
  let keyFetches = 0;
  // eBay's published short-duration limit on the Media API's POST methods, per user.
  const MEDIA_LIMIT = 50;
  const MEDIA_WINDOW_MS = 5000;
  const mediaPosts = new Map<string, number[]>();
  const ttl = opts.accessTtlSeconds ?? 7200;
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const kid = randomUUID();
  const pem = publicKey.export({ type: "spki", format: "pem" }).toString();

  const newSeller = (username: string): Seller => ({
    userId: randomBytes(8).toString("hex"),
    username,
    items: new Map(),
    offers: new Map(),
    locations: new Map(),
    programs: new Set(),
    policies: { fulfillment: [], payment: [], return: [] },
    orders: [],
  });
  const seller = (username = "test_seller") => {
    let s = sellers.get(username);
    if (!s) {
      s = newSeller(username);
      sellers.set(username, s);
    }
    return s;
  };

  const send = (
    res: ServerResponse,
    status: number,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };

  const issueTokens = (user: string | null) => {
    const access = `v^1.1#i^1#${randomBytes(24).toString("base64url")}`;
    accessTokens.set(access, { seller: user, expires: Date.now() + ttl * 1000 });
    const out: Json = { access_token: access, expires_in: ttl, token_type: "User Access Token" };
    if (user) {
      const refresh = `v^1.1#r^1#${randomBytes(24).toString("base64url")}`;
      refreshTokens.set(refresh, user);
      out.refresh_token = refresh;
      out.refresh_token_expires_in = 47304000;
    }
    return out;
  };

  const consentPage = (url: URL) => {
    const state = url.searchParams.get("state") ?? "";
    const redirect = url.searchParams.get("redirect_uri") ?? "";
    const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    return `<!doctype html><html lang="en"><head><title>eBay (test double): grant application access</title></head><body>
<h1>Grant application access: ${esc(url.searchParams.get("client_id") ?? "")}</h1>
<p>Scopes: ${esc(url.searchParams.get("scope") ?? "")}</p>
<form method="post" action="/oauth2/decision">
<input type="hidden" name="state" value="${esc(state)}"><input type="hidden" name="redirect_uri" value="${esc(redirect)}">
<label>eBay user <input name="seller" value="test_seller"></label>
<button name="answer" value="accept">Agree</button> <button name="answer" value="decline">Not now</button>
</form></body></html>`;
  };

  const decide = (redirectUri: string, state: string, answer: string, sellerName: string) => {
    if (redirectUri !== ruName) throw new Error(`unknown RuName ${redirectUri}`);
    const target = new URL(acceptUrl);
    target.searchParams.set("state", state);
    if (answer === "accept") {
      const code = `v^1.1#c^1#${randomBytes(16).toString("base64url")}`;
      codes.set(code, { seller: sellerName, state });
      seller(sellerName);
      target.searchParams.set("code", code);
      target.searchParams.set("expires_in", "299");
    } else {
      target.searchParams.set("error", "access_denied");
    }
    return target.toString();
  };

  const tokenEndpoint = (req: IncomingMessage, body: string, res: ServerResponse) => {
    const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
    if (req.headers.authorization !== basic)
      return send(res, 401, { error: "invalid_client", error_description: "client authentication failed" });
    if (!String(req.headers["content-type"]).startsWith("application/x-www-form-urlencoded")) {
      return send(res, 400, { error: "invalid_request", error_description: "form encoding expected" });
    }
    const form = new URLSearchParams(body);
    const grant = form.get("grant_type");
    if (grant === "authorization_code") {
      const code = form.get("code") ?? "";
      const c = codes.get(code);
      codes.delete(code);
      if (!c || form.get("redirect_uri") !== ruName) {
        return send(res, 400, {
          error: "invalid_grant",
          error_description:
            "the provided authorization grant code is invalid or was issued to another client",
        });
      }
      return send(res, 200, issueTokens(c.seller));
    }
    if (grant === "refresh_token") {
      const user = refreshTokens.get(form.get("refresh_token") ?? "");
      if (!user)
        return send(res, 400, {
          error: "invalid_grant",
          error_description:
            "the provided authorization refresh token is invalid or was issued to another client",
        });
      const t = issueTokens(user);
      // A refresh does not return a new refresh token.
      const { refresh_token: _r, refresh_token_expires_in: _e, ...rest } = t;
      if (typeof _r === "string") refreshTokens.delete(_r);
      return send(res, 200, rest);
    }
    if (grant === "client_credentials") return send(res, 200, issueTokens(null));
    return send(res, 400, { error: "unsupported_grant_type" });
  };

  const offerFor = (s: Seller, sku: string) => [...s.offers.values()].find((o) => o.sku === sku);

  const publishProblems = (s: Seller, offer: Json & { sku: string }): Json[] => {
    const out: Json[] = [];
    const item = s.items.get(offer.sku);
    const product = (item?.product ?? {}) as Json;
    const policies = (offer.listingPolicies ?? {}) as Json;
    if (!item) out.push(ebayError(25702, `SKU ${offer.sku} is not available in the system`));
    if (!product.title) out.push(ebayError(25002, "A user error has occurred. Title is missing."));
    if (!product.description) out.push(ebayError(25016, "The description is missing."));
    if (!(product.imageUrls as string[] | undefined)?.length)
      out.push(ebayError(25014, "The listing must have at least one picture."));
    for (const url of (product.imageUrls as string[] | undefined) ?? []) {
      if (!images.has(url)) out.push(ebayError(25015, `Picture ${url} could not be read.`));
    }
    const category = DOUBLE_CATEGORIES.find((c) => c.id === offer.categoryId);
    if (!offer.categoryId) out.push(ebayError(25005, "A category is required."));
    else if (!category)
      out.push(ebayError(25004, `The category ${offer.categoryId} is not a valid leaf category.`));
    const aspects = (product.aspects ?? {}) as Record<string, string[]>;
    for (const a of category?.aspects ?? []) {
      if (a.required && !aspects[a.name]?.length)
        out.push(
          ebayError(
            25002,
            `The item specific ${a.name} is missing. Add ${a.name} to this listing, enter a valid value, and then try again.`,
          ),
        );
    }
    if (!s.programs.has("SELLING_POLICY_MANAGEMENT"))
      out.push(ebayError(25007, "The seller is not opted in to business policies."));
    for (const [kind, id, err] of [
      ["fulfillment", policies.fulfillmentPolicyId, 25007],
      ["payment", policies.paymentPolicyId, 25008],
      ["return", policies.returnPolicyId, 25009],
    ] as const) {
      const list = s.policies[kind];
      const key = `${kind}PolicyId`;
      if (!id || !list.some((p) => p[key] === id))
        out.push(ebayError(err, `Invalid or missing ${kind} policy.`));
    }
    if (!offer.merchantLocationKey || !s.locations.has(offer.merchantLocationKey as string))
      out.push(ebayError(25035, "The inventory location is missing or invalid."));
    const price = (offer.pricingSummary as Json | undefined)?.price as Json | undefined;
    if (!price?.value || Number(price.value) <= 0) out.push(ebayError(25020, "Invalid price."));
    const qty = (item?.availability as Json | undefined)?.shipToLocationAvailability as Json | undefined;
    if (!qty || Number(qty.quantity) <= 0) out.push(ebayError(25020, "Invalid quantity."));
    return out;
  };

  const skuError = (sku: unknown) =>
    typeof sku !== "string" || !/^[A-Za-z0-9]{1,50}$/.test(sku)
      ? ebayError(
          25707,
          "This is an invalid value for a SKU. Only alphanumeric characters can be used for SKUs, and their length must not exceed 50 characters",
        )
      : null;

  const publish = (s: Seller, offerId: string) => {
    const offer = s.offers.get(offerId);
    if (!offer)
      return { offerId, statusCode: 404, errors: [ebayError(25713, "This Offer is not available.")] };
    const problems = publishProblems(s, offer);
    if (problems.length) return { offerId, statusCode: 400, errors: problems };
    offer.status = "PUBLISHED";
    offer.listingId ??= String(110000000000 + Math.floor(Math.random() * 1e9));
    return { offerId, statusCode: 200, listingId: offer.listingId };
  };

  /** The operation's own behaviour, once the request passed the contract checks. */
  const handle = (
    route: Route,
    s: Seller | null,
    p: Record<string, string>,
    url: URL,
    body: Json | undefined,
    raw: Buffer,
    req: IncomingMessage,
  ): { status: number; body?: unknown; headers?: Record<string, string> } => {
    const need = () => {
      if (!s) throw Object.assign(new Error("user token required"), { status: 403 });
      return s;
    };
    switch (route.operationId) {
      case "getUser": {
        const x = need();
        return {
          status: 200,
          body: {
            userId: x.userId,
            username: x.username,
            accountType: "INDIVIDUAL",
            status: "CONFIRMED",
            registrationMarketplaceId: "EBAY_US",
          },
        };
      }
      case "bulkCreateOrReplaceInventoryItem": {
        const x = need();
        const requests = (body?.requests ?? []) as Json[];
        const responses = requests.map((r) => {
          const err = skuError(r.sku);
          if (err) return { sku: r.sku, statusCode: 400, errors: [err] };
          const { sku, locale: _l, ...rest } = r;
          x.items.set(sku as string, rest);
          return { sku, locale: "en_US", statusCode: 200 };
        });
        return { status: responses.every((r) => r.statusCode === 200) ? 200 : 207, body: { responses } };
      }
      case "bulkCreateOffer": {
        const x = need();
        const responses = ((body?.requests ?? []) as Json[]).map((r) => {
          const sku = r.sku as string;
          const err = skuError(sku);
          if (err) return { sku, statusCode: 400, errors: [err] };
          if (!x.items.has(sku))
            return {
              sku,
              statusCode: 400,
              errors: [ebayError(25702, `SKU ${sku} is not available in the system`)],
            };
          const existing = offerFor(x, sku);
          if (existing)
            return {
              sku,
              statusCode: 400,
              errors: [
                ebayError(25002, "Offer entity already exists.", {
                  parameters: [{ name: "offerId", value: existing.offerId }],
                }),
              ],
            };
          const offerId = String(5000000000 + x.offers.size + Math.floor(Math.random() * 1000) * 100000);
          x.offers.set(offerId, { ...r, sku, offerId, status: "UNPUBLISHED" });
          return { sku, offerId, marketplaceId: r.marketplaceId, format: r.format, statusCode: 200 };
        });
        return { status: responses.every((r) => r.statusCode === 200) ? 200 : 207, body: { responses } };
      }
      case "bulkPublishOffer": {
        const x = need();
        const responses = ((body?.requests ?? []) as Json[]).map((r) => publish(x, r.offerId as string));
        return { status: responses.every((r) => r.statusCode === 200) ? 200 : 207, body: { responses } };
      }
      case "getOffers": {
        const x = need();
        const sku = url.searchParams.get("sku");
        if (!sku)
          return { status: 400, body: { errors: [ebayError(25707, "This is an invalid value for a SKU.")] } };
        const offers = [...x.offers.values()].filter((o) => o.sku === sku);
        if (!offers.length)
          return { status: 404, body: { errors: [ebayError(25713, "This Offer is not available.")] } };
        return { status: 200, body: { offers, total: offers.length, size: offers.length, limit: 25 } };
      }
      case "getOffer": {
        const o = need().offers.get(p.offerId ?? "");
        return o
          ? { status: 200, body: o }
          : { status: 404, body: { errors: [ebayError(25713, "This Offer is not available.")] } };
      }
      case "updateOffer": {
        const x = need();
        const o = x.offers.get(p.offerId ?? "");
        if (!o) return { status: 404, body: { errors: [ebayError(25713, "This Offer is not available.")] } };
        x.offers.set(o.offerId, {
          ...o,
          ...body,
          sku: o.sku,
          offerId: o.offerId,
          status: o.status,
          listingId: o.listingId,
        });
        return { status: 204 };
      }
      case "withdrawOffer": {
        const x = need();
        const o = x.offers.get(p.offerId ?? "");
        if (!o) return { status: 404, body: { errors: [ebayError(25713, "This Offer is not available.")] } };
        if (o.status !== "PUBLISHED")
          return { status: 400, body: { errors: [ebayError(25713, "The offer is not published.")] } };
        o.status = "UNPUBLISHED";
        return { status: 200, body: { listingId: o.listingId } };
      }
      case "deleteOffer": {
        const x = need();
        return x.offers.delete(p.offerId ?? "")
          ? { status: 204 }
          : { status: 404, body: { errors: [ebayError(25713, "This Offer is not available.")] } };
      }
      case "deleteInventoryItem": {
        const x = need();
        const sku = decodeURIComponent(p.sku ?? "");
        if (!x.items.delete(sku))
          return {
            status: 404,
            body: { errors: [ebayError(25702, `SKU ${sku} is not available in the system`)] },
          };
        for (const [id, o] of x.offers) if (o.sku === sku) x.offers.delete(id);
        return { status: 204 };
      }
      case "bulkUpdatePriceQuantity": {
        const x = need();
        const responses = ((body?.requests ?? []) as Json[]).map((r) => {
          const sku = r.sku as string;
          const item = x.items.get(sku);
          if (!item)
            return {
              sku,
              statusCode: 404,
              errors: [ebayError(25702, `SKU ${sku} is not available in the system`)],
            };
          if (r.shipToLocationAvailability)
            item.availability = { shipToLocationAvailability: r.shipToLocationAvailability };
          for (const po of (r.offers ?? []) as Json[]) {
            const o = x.offers.get(po.offerId as string);
            if (!o)
              return {
                sku,
                offerId: po.offerId,
                statusCode: 404,
                errors: [ebayError(25713, "This Offer is not available.")],
              };
            if (po.availableQuantity !== undefined) o.availableQuantity = po.availableQuantity;
            if (po.price) o.pricingSummary = { price: po.price };
          }
          return { sku, statusCode: 200 };
        });
        return { status: responses.every((r) => r.statusCode === 200) ? 200 : 207, body: { responses } };
      }
      case "getInventoryLocation": {
        const l = need().locations.get(p.merchantLocationKey ?? "");
        return l
          ? { status: 200, body: l }
          : { status: 404, body: { errors: [ebayError(25805, "The location was not found.")] } };
      }
      case "createInventoryLocation": {
        const x = need();
        const key = p.merchantLocationKey ?? "";
        if (x.locations.has(key))
          return { status: 409, body: { errors: [ebayError(25803, "The location already exists.")] } };
        const address = ((body?.location as Json | undefined)?.address ?? {}) as Json;
        if (!address.country || !(address.postalCode || (address.city && address.stateOrProvince)))
          return {
            status: 400,
            body: { errors: [ebayError(25800, "Country and postal code (or city and state) are required.")] },
          };
        x.locations.set(key, { merchantLocationKey: key, ...body });
        return { status: 204 };
      }
      case "getOptedInPrograms":
        return {
          status: 200,
          body: { programs: [...need().programs].map((programType) => ({ programType })) },
        };
      case "optInToProgram":
        need().programs.add(String(body?.programType));
        return { status: 200, body: {} };
      case "getFulfillmentPolicies":
      case "getPaymentPolicies":
      case "getReturnPolicies": {
        const x = need();
        if (!x.programs.has("SELLING_POLICY_MANAGEMENT"))
          return {
            status: 400,
            body: {
              errors: [
                {
                  errorId: 20403,
                  domain: "API_ACCOUNT",
                  message: "User is not eligible for Business Policy.",
                },
              ],
            },
          };
        const kind = route.operationId.slice(3, -8).toLowerCase() as "fulfillment" | "payment" | "return";
        const list = x.policies[kind];
        return { status: 200, body: { [`${kind}Policies`]: list, total: list.length } };
      }
      case "createFulfillmentPolicy":
      case "createPaymentPolicy":
      case "createReturnPolicy": {
        const x = need();
        if (!x.programs.has("SELLING_POLICY_MANAGEMENT"))
          return {
            status: 400,
            body: {
              errors: [
                {
                  errorId: 20403,
                  domain: "API_ACCOUNT",
                  message: "User is not eligible for Business Policy.",
                },
              ],
            },
          };
        const kind = route.operationId.slice(6, -6).toLowerCase() as "fulfillment" | "payment" | "return";
        const id = String(6000000000 + Math.floor(Math.random() * 1e8));
        const policy = { ...body, [`${kind}PolicyId`]: id };
        x.policies[kind].push(policy);
        return { status: 201, body: policy };
      }
      case "getOrders": {
        const x = need();
        const filter = url.searchParams.get("filter") ?? "";
        const m = /lastmodifieddate:\[([^.\]]*(?:\.\d+)?Z?)\.\.([^\]]*)\]/.exec(filter);
        const from = m?.[1] ? Date.parse(m[1]) : 0;
        const limit = Math.min(200, Number(url.searchParams.get("limit") ?? 50));
        const offset = Number(url.searchParams.get("offset") ?? 0);
        const all = x.orders
          .filter((o) => Date.parse(o.lastModifiedDate as string) >= from)
          .sort((a, b) => Date.parse(a.creationDate as string) - Date.parse(b.creationDate as string));
        const page = all.slice(offset, offset + limit);
        return {
          status: 200,
          body: {
            orders: page,
            total: all.length,
            limit,
            offset,
            ...(offset + limit < all.length ? { next: `?offset=${offset + limit}` } : {}),
          },
        };
      }
      case "getDefaultCategoryTreeId":
        return { status: 200, body: { categoryTreeId: "0", categoryTreeVersion: "130" } };
      case "getCategorySuggestions": {
        const q = (url.searchParams.get("q") ?? "").toLowerCase();
        if (!q)
          return {
            status: 400,
            body: { errors: [{ errorId: 62004, message: "The q parameter is required." }] },
          };
        const hits = DOUBLE_CATEGORIES.filter((c) => c.words.some((w) => q.includes(w)));
        return {
          status: 200,
          body: {
            categoryTreeId: "0",
            categoryTreeVersion: "130",
            categorySuggestions: hits.map((c, i) => ({
              category: { categoryId: c.id, categoryName: c.name },
              categoryTreeNodeAncestors: c.path
                .map((name, depth) => ({ categoryName: name, categoryTreeNodeLevel: depth + 1 }))
                .reverse(),
              categoryTreeNodeLevel: c.path.length + 1,
              relevancy: String(100 - i),
            })),
          },
        };
      }
      case "getItemAspectsForCategory": {
        const c = DOUBLE_CATEGORIES.find((x) => x.id === url.searchParams.get("category_id"));
        if (!c)
          return {
            status: 400,
            body: { errors: [{ errorId: 62005, message: "The category_id is not valid." }] },
          };
        return {
          status: 200,
          body: {
            aspects: c.aspects.map((a) => ({
              localizedAspectName: a.name,
              aspectConstraint: {
                aspectRequired: a.required,
                aspectMode: a.values ? "SELECTION_ONLY" : "FREE_TEXT",
                itemToAspectCardinality: "SINGLE",
                aspectDataType: "STRING",
              },
              aspectValues: (a.values ?? []).map((v) => ({ localizedValue: v })),
            })),
          },
        };
      }
      case "createImageFromFile": {
        need();
        const type = String(req.headers["content-type"] ?? "");
        if (!type.startsWith("multipart/form-data") || !/boundary=/.test(type))
          return {
            status: 400,
            body: {
              errors: [{ errorId: 190203, domain: "API_MEDIA", message: "multipart/form-data expected" }],
            },
          };
        if (!raw.includes('name="image"'))
          return {
            status: 400,
            body: {
              errors: [{ errorId: 190203, domain: "API_MEDIA", message: "The image part is missing." }],
            },
          };
        if (refuseImages > 0) {
          refuseImages--;
          return {
            status: 400,
            body: {
              errors: [
                {
                  errorId: 190202,
                  domain: "API_MEDIA",
                  category: "REQUEST",
                  message:
                    "The image could not be processed. Check that it meets eBay's picture requirements.",
                },
              ],
            },
          };
        }
        const imageId = randomUUID().replace(/-/g, "");
        const imageUrl = `https://i.ebayimg.test/images/g/${imageId}/s-l1600.jpg`;
        images.add(imageUrl);
        return {
          status: 201,
          body: { imageUrl, expirationDate: new Date(Date.now() + 30 * 86400_000).toISOString() },
          headers: { location: `${url.origin}${BASES.media}/image/${imageId}` },
        };
      }
      case "getPublicKey":
        keyFetches++;
        if (p.public_key_id !== kid)
          return {
            status: 404,
            body: { errors: [{ errorId: 195004, message: "The public key was not found." }] },
          };
        return { status: 200, body: { algorithm: "ECDSA", digest: "SHA1", key: pem } };
      default:
        return {
          status: 501,
          body: { errors: [{ message: `the double does not implement ${route.operationId}` }] },
        };
    }
  };

  const server: Server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const url = new URL(req.url ?? "/", "http://localhost");
    const record = (operationId: string | null, status: number) =>
      calls.push({ method: req.method ?? "", path: url.pathname, operationId, status });
    if (latency) await new Promise((r) => setTimeout(r, latency));

    // Auth host: consent page and the seller's answer.
    if (url.pathname === "/oauth2/authorize" && req.method === "GET") {
      const missing = ["client_id", "redirect_uri", "response_type", "scope", "state"].filter(
        (k) => !url.searchParams.get(k),
      );
      if (
        missing.length ||
        url.searchParams.get("client_id") !== clientId ||
        url.searchParams.get("redirect_uri") !== ruName
      ) {
        record(null, 400);
        return send(res, 400, {
          error: "invalid_request",
          error_description: `bad consent request ${missing.join(",")}`,
        });
      }
      record(null, 200);
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return res.end(consentPage(url));
    }
    if (url.pathname === "/oauth2/decision" && req.method === "POST") {
      const form = new URLSearchParams(raw.toString("utf8"));
      record(null, 302);
      const to = decide(
        form.get("redirect_uri") ?? "",
        form.get("state") ?? "",
        form.get("answer") ?? "",
        form.get("seller") || "test_seller",
      );
      res.writeHead(302, { location: to });
      return res.end();
    }
    if (url.pathname === "/identity/v1/oauth2/token" && req.method === "POST") {
      tokenEndpoint(req, raw.toString("utf8"), res);
      return record("token", res.statusCode);
    }

    const route = routes.find((r) => r.method === req.method && r.regex.test(url.pathname));
    if (!route) {
      record(null, 404);
      return send(res, 404, {
        errors: [{ errorId: 2002, message: `Resource not found: ${req.method} ${url.pathname}` }],
      });
    }
    const refuse = (status: number, why: string, errors: Json[]) => {
      contractViolations.push(`${route.operationId}: ${why}`);
      record(route.operationId, status);
      send(res, status, { errors });
    };
    if (burst > 0) {
      burst--;
      record(route.operationId, 429);
      return send(
        res,
        429,
        {
          errors: [
            {
              errorId: 2001,
              message: "Too many requests. The request limit has been reached for the resource.",
            },
          ],
        },
        { "retry-after": String(burstRetryAfter) },
      );
    }
    const auth = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ""));
    const token = auth?.[1] ? accessTokens.get(auth[1]) : undefined;
    if (!token || token.expires < Date.now()) {
      record(route.operationId, 401);
      return send(res, 401, {
        errors: [
          {
            errorId: 1001,
            domain: "OAuth",
            category: "REQUEST",
            message: "Invalid access token",
            longMessage: "Invalid access token. Check the value of the Authorization HTTP request header.",
          },
        ],
      });
    }
    const m = route.regex.exec(url.pathname);
    const params: Record<string, string> = {};
    route.params.forEach((name, i) => {
      params[name] = decodeURIComponent(m?.[i + 1] ?? "");
    });
    for (const param of (route.op.parameters ?? []) as Json[]) {
      if (!param.required) continue;
      const name = param.name as string;
      if (param.in === "header" && !req.headers[name.toLowerCase()])
        return refuse(400, `missing header ${name}`, [
          { errorId: 25709, message: `The ${name} header is missing` },
        ]);
      if (param.in === "query" && !url.searchParams.get(name))
        return refuse(400, `missing query ${name}`, [
          { errorId: 25709, message: `The ${name} query parameter is missing` },
        ]);
    }
    let body: Json | undefined;
    const validate = validators.get(`${route.contract}:${route.operationId}`);
    if (validate) {
      if (!String(req.headers["content-type"] ?? "").startsWith("application/json"))
        return refuse(415, "content type", [
          { errorId: 25709, message: "Content-Type application/json expected" },
        ]);
      try {
        body = JSON.parse(raw.toString("utf8")) as Json;
      } catch {
        return refuse(400, "body is not JSON", [
          { errorId: 25709, message: "Could not serialize the request body" },
        ]);
      }
      if (!validate(body)) {
        const why = (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`).join("; ");
        return refuse(400, `schema: ${why}`, [
          { errorId: 25709, message: `Invalid value in the request: ${why}` },
        ]);
      }
      const list = body.requests as unknown[] | undefined;
      if (route.operationId.startsWith("bulk") && Array.isArray(list) && list.length > 25)
        return refuse(400, `${list.length} records`, [
          ebayError(25727, "The number of records in the request exceeds the limit of 25"),
        ]);
    }
    const s = token.seller ? seller(token.seller) : null;
    if (route.contract === "media" && req.method === "POST" && token.seller) {
      // "All POST methods in the Media API ... 50 requests per 5 seconds" at the user level.
      const now = Date.now();
      const recent = (mediaPosts.get(token.seller) ?? []).filter((t) => t > now - MEDIA_WINDOW_MS);
      mediaPosts.set(token.seller, recent);
      if (recent.length >= MEDIA_LIMIT) {
        record(route.operationId, 429);
        return send(
          res,
          429,
          {
            errors: [
              {
                errorId: 2001,
                message: "Too many requests. The request limit has been reached for the resource.",
              },
            ],
          },
          { "retry-after": "1" },
        );
      }
      recent.push(now);
    }
    try {
      const out = handle(route, s, params, url, body, raw, req);
      record(route.operationId, out.status);
      send(res, out.status, out.body, out.headers);
    } catch (err) {
      const status = (err as { status?: number }).status ?? 500;
      record(route.operationId, status);
      send(res, status, { errors: [{ errorId: 1100, message: (err as Error).message }] });
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const nowIso = () => new Date().toISOString();
  return {
    url: base,
    clientId,
    clientSecret,
    ruName,
    verificationToken,
    env: {
      EBAY_CLIENT_ID: clientId,
      EBAY_CLIENT_SECRET: clientSecret,
      EBAY_RU_NAME: ruName,
      EBAY_ENV: "sandbox",
      EBAY_AUTH_BASE: base,
      EBAY_API_BASE: base,
      EBAY_VERIFICATION_TOKEN: verificationToken,
      EBAY_TOKEN_KEY: randomBytes(32).toString("hex"),
    },
    calls,
    contractViolations,
    sellers,
    setAcceptUrl(u) {
      acceptUrl = u;
    },
    async consent(consentUrl, answer, o = {}) {
      const u = new URL(consentUrl);
      const res = await fetch(u);
      if (res.status !== 200) throw new Error(`consent page answered ${res.status}: ${await res.text()}`);
      return decide(
        u.searchParams.get("redirect_uri") ?? "",
        u.searchParams.get("state") ?? "",
        answer,
        o.seller ?? "test_seller",
      );
    },
    expireAccessTokens() {
      for (const t of accessTokens.values()) t.expires = 0;
    },
    revokeRefreshTokens() {
      refreshTokens.clear();
    },
    burst429(n, retryAfterSeconds = 1) {
      burst = n;
      burstRetryAfter = retryAfterSeconds;
    },
    setLatency(ms) {
      latency = ms;
    },
    refuseImages(n) {
      refuseImages = n;
    },
    expireImages() {
      images.clear();
    },
    seller,
    addOrder(o) {
      const s = seller(o.seller);
      orderSeq++;
      const quantity = o.quantity ?? 1;
      const price = o.price ?? "25.00";
      const buyer = o.buyer ?? { username: `buyer${orderSeq}`, name: `Buyer ${orderSeq}`, city: "Brooklyn" };
      const total = (Number(price) * quantity).toFixed(2);
      const order: Json = {
        orderId: `${String(orderSeq).padStart(2, "0")}-${randomBytes(3).readUIntBE(0, 3)}-${randomBytes(3).readUIntBE(0, 3)}`,
        creationDate: nowIso(),
        lastModifiedDate: nowIso(),
        orderFulfillmentStatus: "NOT_STARTED",
        orderPaymentStatus: o.paid === false ? "PENDING" : "PAID",
        sellerId: s.username,
        buyer: {
          username: buyer.username,
          buyerRegistrationAddress: {
            fullName: buyer.name,
            contactAddress: { city: buyer.city, countryCode: "US" },
          },
        },
        pricingSummary: { total: { value: total, currency: "USD" } },
        totalMarketplaceFee: { value: (Number(total) * 0.13).toFixed(2), currency: "USD" },
        fulfillmentStartInstructions: [
          {
            shippingStep: {
              shipTo: { fullName: buyer.name, contactAddress: { city: buyer.city, countryCode: "US" } },
            },
            maxEstimatedDeliveryDate: new Date(Date.now() + 5 * 86400_000).toISOString(),
          },
        ],
        lineItems: [
          {
            lineItemId: String(10000000000 + orderSeq),
            sku: o.sku,
            title: String(((s.items.get(o.sku)?.product ?? {}) as Json).title ?? o.sku),
            quantity,
            lineItemCost: { value: total, currency: "USD" },
            lineItemFulfillmentStatus: "NOT_STARTED",
          },
        ],
      };
      s.orders.push(order);
      return order;
    },
    updateOrder(orderId, change) {
      for (const s of sellers.values()) {
        const o = s.orders.find((x) => x.orderId === orderId);
        if (!o) continue;
        if (change.paid) o.orderPaymentStatus = "PAID";
        if (change.shipped) {
          o.orderFulfillmentStatus = "FULFILLED";
          for (const li of o.lineItems as Json[]) li.lineItemFulfillmentStatus = "FULFILLED";
        }
        if (change.delivered) {
          o.orderFulfillmentStatus = "FULFILLED";
          for (const li of o.lineItems as Json[]) li.lineItemFulfillmentStatus = "FULFILLED";
          for (const f of o.fulfillmentStartInstructions as Json[])
            f.maxEstimatedDeliveryDate = new Date(Date.now() - 60_000).toISOString();
        }
        o.lastModifiedDate = new Date(Date.now() + 1).toISOString();
        return;
      }
      throw new Error(`no order ${orderId}`);
    },
    deletionNotification(user, o = {}) {
      const body = JSON.stringify({
        metadata: { topic: "MARKETPLACE_ACCOUNT_DELETION", schemaVersion: "1.0", deprecated: false },
        notification: {
          notificationId: randomUUID(),
          eventDate: nowIso(),
          publishDate: nowIso(),
          publishAttemptCount: 1,
          data: {
            username: user.username,
            userId: user.userId,
            eiasToken: randomBytes(12).toString("base64"),
          },
        },
      });
      const signer = createSign("SHA1");
      signer.update(o.tamper ? `${body} ` : body);
      const signature = signer.sign(privateKey).toString("base64");
      const header = { alg: "ECDSA", kid: o.kid ?? kid, signature, digest: "SHA1" };
      return { body, signature: Buffer.from(JSON.stringify(header)).toString("base64") };
    },
    get keyFetches() {
      return keyFetches;
    },
    async close() {
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** eBay's answer to the deletion challenge, as the endpoint must compute it. */
export function expectedChallengeResponse(code: string, token: string, endpoint: string) {
  return createHash("sha256").update(code).update(token).update(endpoint).digest("hex");
}
