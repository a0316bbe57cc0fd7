/**
 * The eBay connection's routes (docs/ebay.md): connect (consent URL), callback, disconnect,
 * status, selling setup, category suggestions and aspects, listings and orders of the caller's
 * company. Each route validates and authorises, then calls the module's store and services.
 * Listing requests are not routes: they are an item field written like any edit (offline too).
 */
import { randomBytes } from "node:crypto";
import { type Static, Type } from "@sinclair/typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { EBAY_PATHS, EBAY_STATE_TTL_SECONDS, type EbayStatus } from "../../../domain/ebay/contract";
import type { EbayDeclineReason } from "../../../domain/ebay/decline-reasons";
import { EBAY_PHOTO_STATES } from "../../../domain/ebay/photos-ahead";
import { ERROR_CODES } from "../../../domain/errors";
import { effectiveRoles, hasAnyRole, ROLES } from "../../../domain/roles";
import type { EbayConfig } from "../../config";
import { createEbayClient, ok } from "../../integrations/ebay/client";
import { EbayApiError, EbayReconnectNeeded, readableEbayError } from "../../integrations/ebay/errors";
import { consentUrl, EbayGrantRefused, exchangeCode } from "../../integrations/ebay/oauth";
import { type CompanyScope, companyMember } from "../../plugins/company-scope";
import { httpError } from "../../plugins/errors";
import { createFileStore } from "../../storage";
import { type EbayDeps, encryptFor, sellerClient } from "./connection";
import { createEbayRunner, ensureEbayJobs } from "./jobs";
import { enqueueOrderSync } from "./orders-job";
import {
  createDefaultPolicy,
  ensureLocation,
  listPolicies,
  optInToBusinessPolicies,
  parseUsAddress,
  setupOf,
} from "./setup";
import {
  companyAddress,
  connectionOf,
  deleteConnection,
  listingsOf,
  newConnectionId,
  ordersOf,
  photoStatesOf,
  requestPhotoUploads,
  saveState,
  takeState,
  updateConnection,
  upsertConnection,
} from "./store";
import { categoryAspects, suggestCategories } from "./taxonomy";

/** Company members (employees and admins) of the active company, or marketplace staff / super admins in it. */
const member = (request: FastifyRequest): Promise<CompanyScope> =>
  companyMember(request, "Only members of the company can use its eBay connection");

/**
 * The reads of an item's eBay part (connection state, categories, listings, an item's orders):
 * the company's members, and marketplace staff in an opted-in seller's scope, who list the
 * seller's items on the seller's connection (docs/marketplace.md "eBay for a seller"). The
 * connection itself (connect, setup, policies, location, order sync) stays the seller's.
 */
const itemReader = (request: FastifyRequest): Promise<CompanyScope> =>
  companyMember(request, "Only members of the company can use its eBay connection", {
    sellerInventory: true,
  });

const canManage = (request: FastifyRequest, scope: CompanyScope) =>
  !scope.seller &&
  (effectiveRoles(scope.roles).has(ROLES.COMPANY_ADMIN) ||
    (!!request.user && hasAnyRole(request.user, [ROLES.SUPER_ADMIN])));

/** Company admins connect, disconnect and set up selling. */
async function manager(request: FastifyRequest): Promise<CompanyScope> {
  const scope = await member(request);
  if (!canManage(request, scope))
    throw httpError(403, "Only a company admin can connect or set up the company's eBay account");
  return scope;
}

const notConfigured = () =>
  httpError(
    503,
    "eBay is not configured on this server: an administrator must set EBAY_CLIENT_ID, EBAY_CLIENT_SECRET and EBAY_RU_NAME",
    {
      code: ERROR_CODES.EBAY_NOT_CONFIGURED,
    },
  );

/** eBay's refusals as 4xx/502 answers a seller can read. */
function fromEbay(err: unknown): never {
  if (err instanceof EbayReconnectNeeded)
    throw httpError(409, err.message, { code: ERROR_CODES.EBAY_RECONNECT_NEEDED });
  if (err instanceof EbayApiError) {
    throw httpError(502, `eBay refused: ${readableEbayError(err.errors, `eBay answered ${err.status}`)}`, {
      code: ERROR_CODES.EBAY_ERROR,
    });
  }
  throw err;
}

const Err = Type.Object(
  { statusCode: Type.Integer(), error: Type.String(), message: Type.String() },
  { additionalProperties: true },
);
const Policy = Type.Object({ id: Type.String(), name: Type.String() });
const SetupSchema = Type.Object({
  businessPolicies: Type.Boolean(),
  fulfillmentPolicyId: Type.Union([Type.String(), Type.Null()]),
  paymentPolicyId: Type.Union([Type.String(), Type.Null()]),
  returnPolicyId: Type.Union([Type.String(), Type.Null()]),
  merchantLocationKey: Type.Union([Type.String(), Type.Null()]),
  complete: Type.Boolean(),
});
const StatusSchema = Type.Object({
  state: Type.String(),
  username: Type.Union([Type.String(), Type.Null()]),
  environment: Type.String(),
  connectedAt: Type.Union([Type.String(), Type.Null()]),
  message: Type.Union([Type.String(), Type.Null()]),
  setup: SetupSchema,
  canManage: Type.Boolean(),
  lastOrderSyncAt: Type.Union([Type.String(), Type.Null()]),
  suggestedLocation: Type.Object({}, { additionalProperties: true }),
});
const PolicyChoice = Type.Union([Type.String({ pattern: "^[0-9]{1,20}$" }), Type.Literal("create")]);
const PoliciesBody = Type.Object(
  { fulfillmentPolicyId: PolicyChoice, paymentPolicyId: PolicyChoice, returnPolicyId: PolicyChoice },
  { additionalProperties: false },
);
const LocationBody = Type.Object(
  {
    addressLine1: Type.String({ minLength: 1, maxLength: 128 }),
    city: Type.String({ minLength: 1, maxLength: 128 }),
    stateOrProvince: Type.String({ minLength: 2, maxLength: 128 }),
    postalCode: Type.String({ minLength: 3, maxLength: 16, pattern: "^[A-Za-z0-9 -]+$" }),
    country: Type.String({ pattern: "^[A-Z]{2}$" }),
  },
  { additionalProperties: false },
);
const ListingSchema = Type.Object({
  itemId: Type.String(),
  state: Type.String(),
  action: Type.Union([Type.String(), Type.Null()]),
  listingId: Type.Union([Type.String(), Type.Null()]),
  listingUrl: Type.Union([Type.String(), Type.Null()]),
  offerId: Type.Union([Type.String(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  lastSyncedAt: Type.Union([Type.String(), Type.Null()]),
  updatedAt: Type.String(),
});
const OrderSchema = Type.Object({
  orderId: Type.String(),
  lineItemId: Type.String(),
  itemId: Type.Union([Type.String(), Type.Null()]),
  sku: Type.String(),
  title: Type.String(),
  quantity: Type.Integer(),
  price: Type.Integer(),
  fees: Type.Union([Type.Integer(), Type.Null()]),
  buyerName: Type.Union([Type.String(), Type.Null()]),
  buyerCity: Type.Union([Type.String(), Type.Null()]),
  status: Type.String(),
  createdAt: Type.String(),
  lastModifiedAt: Type.String(),
});
const ListingsQuery = Type.Object(
  { itemIds: Type.Optional(Type.String({ maxLength: 37 * 500, pattern: "^[0-9a-fA-F,-]*$" })) },
  { additionalProperties: false },
);
const PhotosQuery = Type.Object(
  { itemIds: Type.String({ minLength: 36, maxLength: 37 * 500, pattern: "^[0-9a-fA-F,-]*$" }) },
  { additionalProperties: false },
);
const ItemPhotosSchema = Type.Object({
  itemId: Type.String(),
  photos: Type.Array(
    Type.Object({
      ref: Type.String(),
      state: Type.Union(EBAY_PHOTO_STATES.map((s) => Type.Literal(s))),
      expiresAt: Type.Union([Type.String(), Type.Null()]),
      error: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});
const OrdersQuery = Type.Object(
  {
    itemId: Type.Optional(Type.String({ format: "uuid" })),
    page: Type.Integer({ minimum: 0, maximum: 100_000, default: 0 }),
    rowsPerPage: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
  },
  { additionalProperties: false },
);
const CallbackQuery = Type.Object(
  {
    state: Type.Optional(Type.String({ maxLength: 200 })),
    code: Type.Optional(Type.String({ maxLength: 4000 })),
    error: Type.Optional(Type.String({ maxLength: 200 })),
    error_description: Type.Optional(Type.String({ maxLength: 2000 })),
    expires_in: Type.Optional(Type.String({ maxLength: 20 })),
  },
  { additionalProperties: true },
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function ebayRoutes(app: FastifyInstance) {
  const { db, config } = app.ctx;
  const ebay = config.ebay;
  const deps = (e: EbayConfig): EbayDeps => ({ db, config, ebay: e });
  const tags = ["ebay"];

  let runner: ReturnType<typeof createEbayRunner> | undefined;
  if (ebay && config.jobsInProcess) {
    const inProcess = createEbayRunner({ ...deps(ebay), store: createFileStore(config) }, app.log);
    runner = inProcess;
    app.addHook("onReady", async () => {
      await ensureEbayJobs(db, ebay);
      inProcess.start();
    });
    app.addHook("onClose", async () => inProcess.stop(3000));
  }

  /**
   * The setup after a step; the step that completes it asks for the seller's photos to be sent
   * to eBay ahead of a publish (docs/ebay.md "Photos"). A step repeated later asks again: the
   * job then finds only what is still missing.
   */
  const setupDone = async (companyId: string) => {
    const setup = setupOf(await connectionOf(db, companyId));
    if (setup.complete) {
      await requestPhotoUploads(db, companyId);
      runner?.wake();
    }
    return setup;
  };

  app.post(
    EBAY_PATHS.connect,
    {
      config: { auth: [] },
      schema: {
        tags,
        summary: "Start connecting the company's eBay account: answers eBay's consent page URL",
        response: { 200: Type.Object({ url: Type.String() }), 503: Err },
      },
    },
    async (request) => {
      const scope = await manager(request);
      if (!ebay) throw notConfigured();
      const state = randomBytes(32).toString("base64url");
      await saveState(db, state, scope.userId, scope.companyId, EBAY_STATE_TTL_SECONDS);
      return { url: consentUrl(ebay, state) };
    },
  );

  app.get<{ Querystring: Static<typeof CallbackQuery> }>(
    EBAY_PATHS.callback,
    {
      config: { auth: "public" },
      schema: {
        tags,
        summary: "eBay returns the seller here (the RuName's accept and decline URL)",
        querystring: CallbackQuery,
        hide: false,
      },
    },
    async (request, reply) => {
      const declined = (reason: EbayDeclineReason) =>
        reply.redirect(`${config.publicUrl}/auth-declined?provider=ebay&reason=${reason}`, 302);
      if (!ebay) return declined("not-configured");
      const { state, code, error } = request.query;
      const bound = state ? await takeState(db, state) : null;
      if (!bound) return declined("state");
      if (error || !code) return declined("declined");
      try {
        const tokens = await exchangeCode(ebay, code);
        if (!tokens.refreshToken || !tokens.refreshExpiresAt)
          throw new Error("eBay answered no refresh token");
        const id = newConnectionId();
        const identity = createEbayClient({
          config: ebay,
          token: { get: async () => tokens.accessToken, refresh: async () => tokens.accessToken },
          retries: 2,
        });
        const user = ok("getUser", await identity.identity.GET("/user/"));
        await upsertConnection(db, {
          id,
          companyId: bound.companyId,
          connectedBy: bound.userId,
          ebayUserId: user.userId ?? null,
          ebayUsername: user.username ?? null,
          accessToken: encryptFor(config, id, tokens.accessToken),
          accessExpiresAt: tokens.accessExpiresAt,
          refreshToken: encryptFor(config, id, tokens.refreshToken),
          refreshExpiresAt: tokens.refreshExpiresAt,
        });
        await enqueueOrderSync(db, bound.companyId);
        await requestPhotoUploads(db, bound.companyId);
        runner?.wake();
        return reply.redirect(`${config.publicUrl}/auth-success?provider=ebay`, 302);
      } catch (err) {
        request.log.warn(
          { err: err instanceof EbayGrantRefused ? err.message : String(err) },
          "eBay code exchange failed",
        );
        return declined("exchange");
      }
    },
  );

  app.delete(
    EBAY_PATHS.connection,
    {
      config: { auth: [] },
      schema: {
        tags,
        summary: "Disconnect the company's eBay account (its tokens are deleted)",
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      const scope = await manager(request);
      await deleteConnection(db, scope.companyId);
      return reply.status(204).send();
    },
  );

  app.get(
    EBAY_PATHS.status,
    {
      config: { auth: [] },
      schema: {
        tags,
        summary: "The company's eBay connection and selling setup",
        response: { 200: StatusSchema },
      },
    },
    async (request) => {
      const scope = await itemReader(request);
      const row = ebay ? await connectionOf(db, scope.companyId) : undefined;
      const company = await companyAddress(db, scope.companyId);
      const status: EbayStatus & { suggestedLocation: object } = {
        state: !ebay
          ? "not_configured"
          : !row
            ? "not_connected"
            : row.state === "reconnect_needed"
              ? "reconnect_needed"
              : "connected",
        username: row?.ebayUsername ?? null,
        environment: ebay?.environment ?? "production",
        connectedAt: row?.createdAt.toISOString() ?? null,
        message: row?.message ?? null,
        setup: setupOf(row),
        canManage: canManage(request, scope),
        lastOrderSyncAt: row?.ordersSyncedAt?.toISOString() ?? null,
        // the seller's address is for their own location setup, not staff's
        suggestedLocation: scope.seller ? {} : parseUsAddress(company?.address),
      };
      return status;
    },
  );

  /** The seller's client, or the clear 409/503 why not. */
  const clientFor = async (companyId: string) => {
    if (!ebay) throw notConfigured();
    try {
      const seller = await sellerClient(deps(ebay), companyId);
      if (!seller)
        throw httpError(409, "Connect your eBay account first", { code: ERROR_CODES.EBAY_NOT_CONNECTED });
      return seller;
    } catch (err) {
      return fromEbay(err);
    }
  };

  app.get(
    EBAY_PATHS.policies,
    {
      config: { auth: [] },
      schema: {
        tags,
        summary: "The seller's fulfillment, payment and return policies on eBay",
        response: {
          200: Type.Object({
            fulfillment: Type.Array(Policy),
            payment: Type.Array(Policy),
            return: Type.Array(Policy),
          }),
        },
      },
    },
    async (request) => {
      const scope = await member(request);
      const { client } = await clientFor(scope.companyId);
      return listPolicies(client).catch(fromEbay);
    },
  );

  app.post(
    EBAY_PATHS.setupBusinessPolicies,
    {
      config: { auth: [] },
      schema: {
        tags,
        summary: "Opt the seller in to eBay business policies",
        response: { 200: Type.Object({ setup: SetupSchema }) },
      },
    },
    async (request) => {
      const scope = await manager(request);
      const { client, row } = await clientFor(scope.companyId);
      await optInToBusinessPolicies(client).catch(fromEbay);
      await updateConnection(db, row.id, { businessPolicies: true });
      return { setup: await setupDone(scope.companyId) };
    },
  );

  app.put<{ Body: Static<typeof PoliciesBody> }>(
    EBAY_PATHS.setupPolicies,
    {
      config: { auth: [] },
      schema: {
        tags,
        summary: 'Choose the policies listings use (an id, or "create" for Blocklot\'s defaults)',
        body: PoliciesBody,
        response: { 200: Type.Object({ setup: SetupSchema }) },
      },
    },
    async (request) => {
      const scope = await manager(request);
      const { client, row } = await clientFor(scope.companyId);
      if (!row.businessPolicies) {
        throw httpError(409, "Opt in to business policies first", {
          code: ERROR_CODES.EBAY_SETUP_INCOMPLETE,
        });
      }
      const b = request.body;
      const existing = await listPolicies(client).catch(fromEbay);
      const pick = async (kind: "fulfillment" | "payment" | "return", choice: string) => {
        if (choice === "create") return createDefaultPolicy(client, kind).catch(fromEbay);
        if (!existing[kind].some((p) => p.id === choice)) {
          throw httpError(400, `The ${kind} policy ${choice} is not one of the seller's eBay policies`, {
            field: `${kind}PolicyId`,
          });
        }
        return choice;
      };
      const fulfillmentPolicyId = await pick("fulfillment", b.fulfillmentPolicyId);
      const paymentPolicyId = await pick("payment", b.paymentPolicyId);
      const returnPolicyId = await pick("return", b.returnPolicyId);
      await updateConnection(db, row.id, { fulfillmentPolicyId, paymentPolicyId, returnPolicyId });
      return { setup: await setupDone(scope.companyId) };
    },
  );

  app.post<{ Body: Static<typeof LocationBody> }>(
    EBAY_PATHS.setupLocation,
    {
      config: { auth: [] },
      schema: {
        tags,
        summary: "Create the inventory location listings ship from (the company's address)",
        body: LocationBody,
        response: { 200: Type.Object({ setup: SetupSchema }) },
      },
    },
    async (request) => {
      const scope = await manager(request);
      const { client, row } = await clientFor(scope.companyId);
      const company = await companyAddress(db, scope.companyId);
      const key = await ensureLocation(client, company?.name ?? "Blocklot", request.body).catch(fromEbay);
      await updateConnection(db, row.id, { merchantLocationKey: key });
      return { setup: await setupDone(scope.companyId) };
    },
  );

  app.get<{ Querystring: { q: string } }>(
    EBAY_PATHS.categorySuggestions,
    {
      config: { auth: [] },
      schema: {
        tags,
        summary: "eBay categories suggested for a title (Taxonomy API)",
        querystring: Type.Object(
          { q: Type.String({ minLength: 2, maxLength: 350 }) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Array(
            Type.Object({
              categoryId: Type.String(),
              categoryName: Type.String(),
              path: Type.Array(Type.String()),
            }),
          ),
        },
      },
    },
    async (request) => {
      await itemReader(request);
      if (!ebay) throw notConfigured();
      return suggestCategories(deps(ebay), request.query.q.trim()).catch(fromEbay);
    },
  );

  app.get<{ Params: { categoryId: string } }>(
    EBAY_PATHS.categoryAspects,
    {
      config: { auth: [] },
      schema: {
        tags,
        summary: "A category's item aspects (required ones first)",
        params: Type.Object({ categoryId: Type.String({ pattern: "^[0-9]{1,12}$" }) }),
        response: {
          200: Type.Array(
            Type.Object({
              name: Type.String(),
              required: Type.Boolean(),
              mode: Type.String(),
              multiple: Type.Boolean(),
              values: Type.Array(Type.String()),
            }),
          ),
        },
      },
    },
    async (request) => {
      await itemReader(request);
      if (!ebay) throw notConfigured();
      const aspects = await categoryAspects(deps(ebay), request.params.categoryId).catch(fromEbay);
      return [...aspects].sort((a, b) => Number(b.required) - Number(a.required));
    },
  );

  app.get<{ Querystring: Static<typeof ListingsQuery> }>(
    EBAY_PATHS.listings,
    {
      config: { auth: [] },
      schema: {
        tags,
        summary: "The company's eBay listings (or those of the given items)",
        querystring: ListingsQuery,
        response: { 200: Type.Array(ListingSchema) },
      },
    },
    async (request) => {
      const scope = await itemReader(request);
      const ids = request.query.itemIds?.split(",").filter(Boolean);
      if (ids?.some((i) => !UUID.test(i))) {
        throw httpError(400, "itemIds must be item ids separated by commas");
      }
      return listingsOf(db, scope.companyId, ids);
    },
  );

  app.get<{ Querystring: Static<typeof PhotosQuery> }>(
    EBAY_PATHS.photos,
    {
      config: { auth: [] },
      schema: {
        tags,
        summary:
          "Where the given items' photos stand with eBay's picture service (sent ahead, waiting, refused)",
        querystring: PhotosQuery,
        response: { 200: Type.Array(ItemPhotosSchema) },
      },
    },
    async (request) => {
      const scope = await itemReader(request);
      const ids = request.query.itemIds.split(",").filter(Boolean);
      if (ids.some((i) => !UUID.test(i)))
        throw httpError(400, "itemIds must be item ids separated by commas");
      return photoStatesOf(db, scope.companyId, ids);
    },
  );

  app.get<{ Querystring: Static<typeof OrdersQuery> }>(
    EBAY_PATHS.orders,
    {
      config: { auth: [] },
      schema: {
        tags,
        summary: "The company's eBay orders, newest first (or one item's)",
        querystring: OrdersQuery,
        response: {
          200: Type.Object({
            rows: Type.Array(OrderSchema),
            total: Type.Integer(),
            page: Type.Integer(),
            rowsPerPage: Type.Integer(),
          }),
        },
      },
    },
    async (request) => {
      const scope = await itemReader(request);
      // staff see the orders of the item they work on, not the seller's sales
      if (scope.seller && !request.query.itemId)
        throw httpError(403, "Marketplace staff see a seller's eBay orders of one item only (itemId)");
      return ordersOf(db, scope.companyId, request.query);
    },
  );

  app.post(
    EBAY_PATHS.ordersSync,
    {
      config: { auth: [] },
      schema: {
        tags,
        summary: "Follow the company's eBay orders now",
        response: { 202: Type.Object({ queued: Type.Boolean() }) },
      },
    },
    async (request, reply) => {
      const scope = await member(request);
      await clientFor(scope.companyId);
      const id = await enqueueOrderSync(db, scope.companyId);
      // In process: run it now rather than at the next poll.
      runner?.wake();
      return reply.status(202).send({ queued: id !== null });
    },
  );
}
