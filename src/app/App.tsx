import { RouterProvider } from "@tanstack/react-router";
import { Suspense } from "react";
import { AuthProvider } from "./features/auth/AuthProvider";
import { AppI18nProvider } from "./i18n/AppI18nProvider";
import type { AppRouter } from "./router";
import { AppThemeProvider } from "./shell/AppThemeProvider";
import { AfterIdle } from "./ui/after-idle";
import { lazyWithRetry } from "./ui/retrying-lazy";
import { TOAST_LIMIT } from "./ui/toast";

// The toast container (transitions, scroll locking, a portal) is not needed for the first paint:
// it mounts once the browser is idle after it; toasts shown before then wait in the
// notifications store and appear when it mounts. Outside the router there is no error page to
// fall back on: a failed load must not unmount the app (lazyWithRetry).
const Notifications = lazyWithRetry(() => import("./ui/toast-container").then((m) => m.default));

export interface AppProps {
  router: AppRouter;
  /**
   * The page is hydrating prerendered HTML (ssr/prerender-entry.tsx): authentication starts as
   * an initialised guest, the state the page was prerendered in; the stored session is read
   * right after (main.tsx hydrates only when there is none).
   */
  prerendered?: boolean;
}

export function App({ router, prerendered = false }: AppProps) {
  /** Resolves once the new page has loaded (so a sign-out can leave a guarded page before the state changes). */
  const navigate = (href: string, options?: { replace?: boolean }) =>
    router.navigate({ href, replace: options?.replace });
  return (
    <AppI18nProvider>
      <AppThemeProvider>
        {/* Client-only: not in the prerendered HTML, so it mounts after hydration. */}
        <AfterIdle>
          <Suspense fallback={null}>
            <Notifications position="top-right" limit={TOAST_LIMIT} containerWidth={500} zIndex={2100} />
          </Suspense>
        </AfterIdle>
        <AuthProvider navigate={navigate} assumeGuest={prerendered}>
          <RouterProvider router={router} />
        </AuthProvider>
      </AppThemeProvider>
    </AppI18nProvider>
  );
}
