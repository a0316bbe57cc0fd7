/** Super admin views of eBay listings (spec section 2): one seller's, and all offers by state. */
import { type Static, Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { ADMIN_LISTING_SORTS, LISTING_STATES } from "../../../domain/ebay/listing-states";
import { ROLES } from "../../../domain/roles";
import { httpError } from "../../plugins/errors";
import { listQuerySchema, pageSchema } from "../../plugins/paged-list";
import { adminListings, userExists } from "./store";

const Query = listQuerySchema(
  ADMIN_LISTING_SORTS,
  { sortBy: "updatedAt" },
  { state: Type.Optional(Type.Union(LISTING_STATES.map((s) => Type.Literal(s)))) },
);

const Row = Type.Object(
  {
    itemId: Type.String(),
    title: Type.String(),
    sku: Type.String(),
    ebaySku: Type.Union([Type.String(), Type.Null()]),
    state: Type.String(),
    listingId: Type.Union([Type.String(), Type.Null()]),
    listingUrl: Type.Union([Type.String(), Type.Null()]),
    offerId: Type.Union([Type.String(), Type.Null()]),
    error: Type.Union([Type.String(), Type.Null()]),
    lastSyncedAt: Type.Union([Type.String(), Type.Null()]),
    updatedAt: Type.String(),
    companyId: Type.String(),
    companyName: Type.String(),
    sellerEmail: Type.Union([Type.String(), Type.Null()]),
    /** The user who connected the company's eBay account (the seller page's `userId`). */
    sellerId: Type.Union([Type.String(), Type.Null()]),
    ebayUsername: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: true },
);
const PageSchema = pageSchema(Row.properties);

export async function ebayAdminRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const conf = { auth: [ROLES.SUPER_ADMIN] };

  app.get<{ Params: { userId: string }; Querystring: Static<typeof Query> }>(
    "/api/admin/ebay-listing/list/:userId",
    {
      config: conf,
      schema: {
        tags: ["admin"],
        summary:
          "A seller's eBay listings (companies whose eBay account the user connected), paged, sorted, searched",
        params: Type.Object({ userId: Type.String({ format: "uuid" }) }),
        querystring: Query,
        response: { 200: PageSchema },
      },
    },
    async (request) => {
      if (!(await userExists(db, request.params.userId))) throw httpError(404, "User not found");
      return adminListings(db, { ...request.query, userId: request.params.userId });
    },
  );

  app.get<{ Querystring: Static<typeof Query> }>(
    "/api/admin/offer-list",
    {
      config: conf,
      schema: {
        tags: ["admin"],
        summary: "All eBay offers, filtered by state, paged, sorted, searched",
        querystring: Query,
        response: { 200: PageSchema },
      },
    },
    async (request) => adminListings(db, request.query),
  );
}
