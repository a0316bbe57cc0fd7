import { QueryClient } from "@tanstack/react-query";
import { HttpError } from "./http";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Offline-first: serve cached data and let queries run (they fail fast) without waiting for "online".
      networkMode: "offlineFirst",
      retry: (count, error) =>
        !(error instanceof HttpError && error.status >= 400 && error.status < 500) && count < 2,
    },
    mutations: { networkMode: "offlineFirst" },
  },
});
