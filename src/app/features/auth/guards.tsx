import { useLingui } from "@lingui/react/macro";
import { Navigate, useLocation, useRouter, useSearch } from "@tanstack/react-router";
import { type ReactNode, useEffect } from "react";
import type { Role } from "../../../domain/roles";
import { ErrorPage } from "../errors/ErrorPage";
import { ForbiddenPage } from "../errors/pages";
import { safeReturnTo } from "./auth-api";
import { useAuth } from "./auth-context";
import { ACTIVE_ISSUER, HOME_AFTER_LOGIN, type Issuer, LOGIN_PATH } from "./issuer";

/** Signed-in only: others are sent (replace) to the active issuer's login with returnTo. */
export function AuthGuard({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  if (!isAuthenticated) {
    return <Navigate to={LOGIN_PATH} search={{ returnTo: location.href }} replace />;
  }
  return <>{children}</>;
}

/** Replaces the current entry with a same-origin path that is only known at run time. */
function ReplaceWith({ href }: { href: string }) {
  const router = useRouter();
  useEffect(() => {
    router.history.replace(href);
  }, [router, href]);
  return null;
}

/**
 * Guests only: a signed-in user is sent (replace) to the invoice/import dashboard, or to the
 * page a returnTo query names (same-origin paths only) — that is how a login lands where it began.
 */
export function GuestGuard({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  const search = useSearch({ strict: false }) as { returnTo?: unknown };
  if (isAuthenticated) {
    const back = safeReturnTo(search.returnTo);
    return back ? <ReplaceWith href={back} /> : <Navigate to={HOME_AFTER_LOGIN} replace />;
  }
  return <>{children}</>;
}

/** Shows the 403 page unless the user holds one of the roles (inherited roles count). */
export function RoleGuard({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const { hasRole } = useAuth();
  if (!hasRole(roles)) return <ForbiddenPage />;
  return <>{children}</>;
}

export function useHasRole(roles: readonly Role[]): boolean {
  return useAuth().hasRole(roles);
}

/** A provider sub-tree only works with its own issuer; otherwise a 400 page names the one in use. */
export function IssuerGuard({ issuer, children }: { issuer: Issuer; children: ReactNode }) {
  const { t } = useLingui();
  if (issuer !== ACTIVE_ISSUER) {
    return <ErrorPage status={400} title={t`Issuer mismatch, currently using ${ACTIVE_ISSUER}`} />;
  }
  return <>{children}</>;
}
