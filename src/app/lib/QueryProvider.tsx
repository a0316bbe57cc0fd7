import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { queryClient } from "./query-client";

/**
 * TanStack Query for the areas that fetch with it: the auth pages, /dashboard, /admin and
 * /marketplace wrap themselves in this (one shared client, so the cache survives moving
 * between areas). It is not in App: the public landing page would otherwise download
 * query-core (~8 KB gz) before its first paint. A public page that needs queries wraps
 * itself too.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
