/** The dashboard home's server API (docs/dashboard.md): one request for everything it shows. */
import { queryOptions } from "@tanstack/react-query";
import { type Attention, DASHBOARD_ATTENTION_PATH } from "../../../domain/dashboard/attention";
import { http } from "../../lib/http";

export const dashboardKeys = {
  all: ["dashboard"] as const,
  attention: (companyId: string | null) => ["dashboard", "attention", companyId] as const,
};

export const dashboardQueries = {
  /** Fresh for half a minute: the home is opened often, and every list it counts links to its page. */
  attention: (companyId: string | null) =>
    queryOptions({
      queryKey: dashboardKeys.attention(companyId),
      queryFn: () => http.get<Attention>(DASHBOARD_ATTENTION_PATH),
      staleTime: 30_000,
    }),
};
