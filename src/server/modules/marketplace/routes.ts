/**
 * The marketplace staff area's own routes (docs/marketplace.md): the sellers staff work for.
 * Their inventory itself is reached through the inventory routes in the seller scope
 * (X-Seller-Company, plugins/company-scope.ts).
 */
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { MARKETPLACE_SELLER_SORTS, type MarketplaceSellerSort } from "../../../domain/marketplace";
import { AREA_ROLES } from "../../../domain/roles";
import { currentUser } from "../../plugins/auth";
import { assertMarketplaceStaff } from "../../plugins/company-scope";
import { ErrorBody } from "../../plugins/errors";
import { type ListParams, listQuerySchema, pageSchema, sendCsv } from "../../plugins/paged-list";
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
}
