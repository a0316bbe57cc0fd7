/** The dashboard home's one request (docs/dashboard.md). */
import { type TSchema, Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { type Attention, DASHBOARD_ATTENTION_PATH } from "../../../domain/dashboard/attention";
import { companyMember } from "../../plugins/company-scope";
import { ErrorBody } from "../../plugins/errors";
import { attentionOf } from "./attention";

const list = (row: TSchema) => Type.Object({ count: Type.Integer(), top: Type.Array(row) });
const Id = Type.String({ format: "uuid" });

const AttentionBody = Type.Object({
  areas: Type.Object({ rpie: Type.Boolean(), inventory: Type.Boolean() }),
  rpie: Type.Object({
    deadlines: Type.Intersect([
      list(
        Type.Object({
          propertyId: Id,
          bbl: Type.String(),
          address: Type.Union([Type.String(), Type.Null()]),
          filingYear: Type.Integer(),
          deadline: Type.String({ format: "date" }),
          daysLeft: Type.Integer(),
          obligation: Type.Union([Type.Literal("must-file"), Type.Literal("claim-of-exclusion")]),
          penaltyIfLate: Type.Number(),
        }),
      ),
      Type.Object({ penaltyAtRisk: Type.Number() }),
    ]),
    files: list(
      Type.Object({
        id: Id,
        fileName: Type.String(),
        status: Type.Union([Type.Literal("uploaded"), Type.Literal("failed")]),
      }),
    ),
    quotes: list(
      Type.Object({
        id: Id,
        filingId: Id,
        bbl: Type.String(),
        year: Type.Integer(),
        totalCents: Type.Integer(),
      }),
    ),
    invoices: list(Type.Object({ id: Id, number: Type.String(), filingId: Id, amountCents: Type.Integer() })),
  }),
  inventory: Type.Object({
    toDescribe: list(Type.Object({ id: Id, title: Type.String(), sku: Type.String() })),
    listingErrors: list(Type.Object({ itemId: Id, title: Type.String(), error: Type.String() })),
  }),
  notifications: Type.Object({ unread: Type.Integer() }),
});

export async function dashboardRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  app.get(
    DASHBOARD_ATTENTION_PATH,
    {
      config: { auth: [] },
      schema: {
        tags: ["dashboard"],
        summary: "What needs my company's attention: counts and the first few of each",
        description:
          "RPIE deadlines not filed (with the penalty at risk), statement files not extracted, quotes to accept, unpaid invoices, items to describe, eBay listings with errors, and my unread notifications. Only the caller's active company; a seller scope (X-Seller-Company) is refused.",
        response: { 200: AttentionBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request): Promise<Attention> => {
      const scope = await companyMember(request, "Only the company's members see its dashboard");
      return attentionOf(db, scope.companyId, scope.userId);
    },
  );
}
