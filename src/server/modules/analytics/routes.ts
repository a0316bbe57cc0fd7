/** The analytics dashboard's one request (docs/dashboard.md "Analytics"). */
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import {
  ANALYTICS_PATH,
  ANALYTICS_SCOPES,
  ANALYTICS_SERIES,
  type Analytics,
  type AnalyticsScope,
  monthRange,
} from "../../../domain/analytics/analytics";
import { currentUser } from "../../plugins/auth";
import { companyMember } from "../../plugins/company-scope";
import { ErrorBody, httpError } from "../../plugins/errors";
import { analyticsOf, isSuperAdmin } from "./store";

const Month = Type.String({ pattern: "^\\d{4}-(0[1-9]|1[0-2])$" });

const AnalyticsBody = Type.Object({
  scope: Type.Union(ANALYTICS_SCOPES.map((s) => Type.Literal(s))),
  months: Type.Array(Type.String()),
  series: Type.Object(Object.fromEntries(ANALYTICS_SERIES.map((n) => [n, Type.Array(Type.Number())]))),
  filingsByState: Type.Array(Type.Object({ state: Type.String(), count: Type.Integer() })),
});

export async function analyticsRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  app.get<{ Querystring: { from: string; to: string; scope?: AnalyticsScope } }>(
    ANALYTICS_PATH,
    {
      config: { auth: [] },
      schema: {
        tags: ["dashboard"],
        summary: "My company's figures per month (super admins: the whole product's)",
        description:
          "Statements uploaded and extracted, invoices paid (count and cents), items imported, listed on eBay and sold, eBay revenue (cents), one value per calendar month (UTC) from `from` to `to` (YYYY-MM, at most 36 months), and the filings opened in the range by state. `scope=all` (super admins only) counts every company.",
        querystring: Type.Object(
          {
            from: Month,
            to: Month,
            scope: Type.Optional(Type.Union(ANALYTICS_SCOPES.map((s) => Type.Literal(s)))),
          },
          { additionalProperties: false },
        ),
        response: { 200: AnalyticsBody, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request): Promise<Analytics> => {
      const { from, to, scope = "company" } = request.query;
      const range = monthRange(from, to);
      if ("error" in range) throw httpError(400, range.error);
      if (scope === "all") {
        // the roles as the database has them now, whatever the token says
        if (!(await isSuperAdmin(db, currentUser(request).id))) {
          throw httpError(403, "Only super admins see the whole product's figures");
        }
        return analyticsOf(db, "all", null, range.months);
      }
      const member = await companyMember(request, "Only the company's members see its figures");
      return analyticsOf(db, "company", member.companyId, range.months);
    },
  );
}
