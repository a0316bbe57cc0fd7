/**
 * `?returnTo=` on the sign-in, registration and confirmation pages: where to go once the person
 * is signed in (e.g. back to the invitation they came from). Only same-origin paths are kept
 * (src/domain/return-path.ts); anything else is dropped as if it had not been given.
 */
import { useSearch } from "@tanstack/react-router";
import { safeReturnPath } from "../../../domain/return-path";

/** A route's validateSearch: keeps a safe `returnTo` and nothing else. */
export function returnToSearch(search: Record<string, unknown>): { returnTo?: string } {
  const returnTo = safeReturnPath(search.returnTo);
  return returnTo ? { returnTo } : {};
}

/** The current page's safe `returnTo`, if any. */
export function useReturnTo(): string | undefined {
  const search = useSearch({ strict: false }) as { returnTo?: unknown };
  return safeReturnPath(search.returnTo) ?? undefined;
}
