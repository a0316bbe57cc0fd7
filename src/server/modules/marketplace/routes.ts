/**
 * The marketplace staff area's own routes (docs/marketplace.md): the sellers staff work for, and
 * Listing Management (every seller's listings, bulk publish).
 * Their inventory itself is reached through the inventory routes in the seller scope
 * (X-Seller-Company, plugins/company-scope.ts).
 */
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { MARKETPLACE_SELLER_SORTS, type MarketplaceSellerSort } from "../../../domain/marketplace";
import {
  MARKETPLACE_ACTION_RESULTS,
  MARKETPLACE_LISTING_ACTIONS,
  MARKETPLACE_LISTING_SORTS,
  MARKETPLACE_LISTING_STATUSES,
  MARKETPLACE_LISTINGS_PATH,
  MARKETPLACE_PUBLISH_MAX,
  type MarketplaceListingAction,
  marketplaceActionPath,
} from "../../../domain/marketplace-listings";
import { AREA_ROLES } from "../../../domain/roles";
import { currentUser } from "../../plugins/auth";
import { assertMarketplaceStaff } from "../../plugins/company-scope";
import { ErrorBody } from "../../plugins/errors";
import { type ListParams, listQuerySchema, pageSchema, sendCsv } from "../../plugins/paged-list";
import { type ListingListParams, listMarketplaceListings, requestMarketplaceListings } from "./listings";
import { listMarketplaceSellers, marketplaceSellerExport } from "./sellers";

type Sort = MarketplaceSellerSort;
const PATH = "/api/marketplace/sellers";
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const SellerRow = {
  id: Type.String(),
  companyName: Type.String(),
  toDescribe: Type.Integer(),
  withoutPhotos: Type.Integer(),
  readyToList: Type.Integer(),
  items: Type.Integer(),
  lastActivity: Type.Union([Type.String(), Type.Null()]),
};

export async function marketplaceRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const staff = { auth: AREA_ROLES.marketplace };
  const querystring = listQuerySchema(MARKETPLACE_SELLER_SORTS, { sortBy: "lastActivity" });
  const summary =
    "Sellers with Managed listing on, with what waits: batches to describe, items without photos, items ready to list";

  app.get<{ Querystring: ListParams<Sort> }>(
    PATH,
    {
      config: staff,
      schema: {
        tags: ["marketplace"],
        summary,
        querystring,
        response: { 200: pageSchema(SellerRow), ...errors },
      },
    },
    async (request) => {
      await assertMarketplaceStaff(db, currentUser(request).id);
      return listMarketplaceSellers(db, request.query);
    },
  );

  app.get<{ Querystring: ListParams<Sort> }>(
    `${PATH}/export.csv`,
    {
      config: staff,
      schema: { tags: ["marketplace"], summary: `${summary} (CSV of every matching row)`, querystring },
    },
    async (request, reply) => {
      await assertMarketplaceStaff(db, currentUser(request).id);
      const e = marketplaceSellerExport(db, request.query);
      return sendCsv(reply, "marketplace-sellers.csv", e.header, e.batch, e.fields);
    },
  );

  const ListingRow = {
    itemId: Type.String(),
    companyId: Type.String(),
    companyName: Type.String(),
    title: Type.String(),
    sku: Type.String(),
    price: Type.Union([Type.Integer(), Type.Null()]),
    status: Type.Union(MARKETPLACE_LISTING_STATUSES.map((x) => Type.Literal(x))),
    listingId: Type.Union([Type.String(), Type.Null()]),
    listingUrl: Type.Union([Type.String(), Type.Null()]),
    error: Type.Union([Type.String(), Type.Null()]),
    updatedAt: Type.String(),
  };
  app.get<{ Querystring: ListingListParams }>(
    MARKETPLACE_LISTINGS_PATH,
    {
      config: staff,
      schema: {
        tags: ["marketplace"],
        summary:
          "Listing Management: every opted-in seller's items ready to list or with an eBay listing, paged, sorted, searched, filtered by status and seller",
        querystring: listQuerySchema(
          MARKETPLACE_LISTING_SORTS,
          { sortBy: "updatedAt" },
          {
            status: Type.Optional(Type.Union(MARKETPLACE_LISTING_STATUSES.map((x) => Type.Literal(x)))),
            seller: Type.Optional(Type.String({ format: "uuid" })),
          },
        ),
        response: { 200: pageSchema(ListingRow), ...errors },
      },
    },
    async (request) => {
      await assertMarketplaceStaff(db, currentUser(request).id);
      return listMarketplaceListings(db, request.query);
    },
  );

  const summaries: Record<MarketplaceListingAction, string> = {
    publish: "Publish items of opted-in sellers on their sellers' eBay accounts (each an audited item edit)",
    withdraw: "Withdraw the eBay listings of items of opted-in sellers (each an audited item edit)",
    delete: "Delete the eBay listings of items of opted-in sellers (each an audited item edit)",
  };
  for (const action of MARKETPLACE_LISTING_ACTIONS) {
    const path = marketplaceActionPath(action);
    app.post<{ Body: { itemIds: string[]; requestId: string } }>(
      path,
      {
        config: staff,
        schema: {
          tags: ["marketplace"],
          summary: summaries[action],
          description: `Up to ${MARKETPLACE_PUBLISH_MAX} items. \`requestId\` (a UUID made by the app) becomes each item's \`ebay.request.id\`: the same request sent again changes nothing. Answers each item: \`requested\` (the seller's eBay job will ${action} it), \`unchanged\` (already asked with this id), \`not_listed\` (withdraw: not on eBay; delete: neither on eBay nor withdrawn) or \`not_found\` (no live item of a seller with Managed listing on).`,
          body: Type.Object(
            {
              itemIds: Type.Array(Type.String({ format: "uuid" }), {
                minItems: 1,
                maxItems: MARKETPLACE_PUBLISH_MAX,
              }),
              requestId: Type.String({ format: "uuid" }),
            },
            { additionalProperties: false },
          ),
          response: {
            200: Type.Object({
              results: Type.Array(
                Type.Object({
                  itemId: Type.String(),
                  result: Type.Union(MARKETPLACE_ACTION_RESULTS.map((r) => Type.Literal(r))),
                }),
              ),
            }),
            ...errors,
          },
        },
      },
      async (request) => {
        const staffId = currentUser(request).id;
        await assertMarketplaceStaff(db, staffId);
        const { itemIds, requestId } = request.body;
        return { results: await requestMarketplaceListings(db, staffId, action, itemIds, requestId, path) };
      },
    );
  }
}
