import { queryOptions } from "@tanstack/react-query";
import { authApi } from "./auth-api";

/**
 * The auth feature's queries: key and fetcher side by side. Apart from auth-api.ts, which the
 * app's AuthProvider loads on every page, so that TanStack Query stays off pages that do not query.
 */
const authKeys = {
  publicConfig: ["public-config"] as const,
};

export const authQueries = {
  /** The server's public settings; none (the build's own) when it cannot be asked. Read once. */
  publicConfig: () =>
    queryOptions({
      queryKey: authKeys.publicConfig,
      queryFn: () => authApi.publicConfig().catch(() => ({}) as { googleClientId?: string | null }),
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    }),
};
