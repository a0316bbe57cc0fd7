import type { FetchQueryOptions, QueryKey } from "@tanstack/react-query";
import { queryClient } from "./query-client";
import { tokenStore } from "./session/tokens";

/**
 * A route loader's data: fetched while the page's code loads, so the page paints with it instead
 * of a spinner. Only for a signed-in visitor (a guest goes to sign-in, with no 401 on the way),
 * and never an error: offline or refused, the page shows its own state from the same query.
 */
export function preloadQuery<T, K extends QueryKey>(
  options: FetchQueryOptions<T, Error, T, K>,
): Promise<void> {
  if (!tokenStore.access() && !tokenStore.refresh()) return Promise.resolve();
  return queryClient.ensureQueryData(options).then(
    () => undefined,
    () => undefined,
  );
}
