/** The analytics dashboard's server API (docs/dashboard.md "Analytics"). */
import { queryOptions } from "@tanstack/react-query";
import { ANALYTICS_PATH, type Analytics, type AnalyticsScope } from "../../../domain/analytics/analytics";
import { http } from "../../lib/http";

export interface AnalyticsRequest {
  from: string;
  to: string;
  scope: AnalyticsScope;
}

const analyticsKeys = {
  all: ["analytics"] as const,
  figures: (companyId: string | null, r: AnalyticsRequest) =>
    [...analyticsKeys.all, companyId, r.scope, r.from, r.to] as const,
};

export const analyticsQueries = {
  figures: (companyId: string | null, r: AnalyticsRequest) =>
    queryOptions({
      queryKey: analyticsKeys.figures(companyId, r),
      queryFn: () => http.get<Analytics>(ANALYTICS_PATH, { query: { ...r } }),
      staleTime: 60_000,
    }),
};
