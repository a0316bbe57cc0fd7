import { useLingui } from "@lingui/react/macro";
import { useRouter, useSearch } from "@tanstack/react-router";
import { type ReactNode, useLayoutEffect, useRef } from "react";
import type { Role } from "../../../domain/roles";
import { ErrorPage } from "../errors/ErrorPage";
import { ForbiddenPage } from "../errors/pages";
import { safeReturnTo } from "./auth-api";
import { useAuth } from "./auth-context";
import { ACTIVE_ISSUER, HOME_AFTER_LOGIN, type Issuer, LOGIN_PATH } from "./issuer";

/**
 * Navigates once, on mount. TanStack's <Navigate> navigates again whenever its props change,
 * and a guard re-renders with the *new* location while the redirect is pending, which would
 * nest returnTo into itself without end.
 */
function RedirectOnce({ go }: { go(router: ReturnType<typeof useRouter>): void }) {
  const router = useRouter();
  const done = useRef(false);
  useLayoutEffect(() => {
    if (done.current) return;
    done.current = true;
    go(router);
  });
  return null;
}

/** Signed-in only: others are sent (replace) to the active issuer's login with returnTo. */
export function AuthGuard({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  if (!isAuthenticated) {
    return (
      <RedirectOnce
        go={(router) =>
          void router.navigate({
            to: LOGIN_PATH,
            search: { returnTo: router.state.location.href },
            replace: true,
          })
        }
      />
    );
  }
  return <>{children}</>;
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
    return (
      <RedirectOnce
        go={(router) =>
          back ? router.history.replace(back) : void router.navigate({ to: HOME_AFTER_LOGIN, replace: true })
        }
      />
    );
  }
  return <>{children}</>;
}

/** Shows the 403 page unless the user holds one of the roles (inherited roles count). */
export function RoleGuard({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const { hasRole } = useAuth();
  if (!hasRole(roles)) return <ForbiddenPage />;
  return <>{children}</>;
}

/** A provider sub-tree only works with its own issuer; otherwise a 400 page names the one in use. */
export function IssuerGuard({ issuer, children }: { issuer: Issuer; children: ReactNode }) {
  const { t } = useLingui();
  if (issuer !== ACTIVE_ISSUER) {
    return <ErrorPage status={400} title={t`Issuer mismatch, currently using ${ACTIVE_ISSUER}`} />;
  }
  return <>{children}</>;
}
