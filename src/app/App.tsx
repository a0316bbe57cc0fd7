import { RouterProvider } from "@tanstack/react-router";
import { Suspense, useEffect } from "react";
import { AuthProvider } from "./features/auth/AuthProvider";
import { AppI18nProvider } from "./i18n/AppI18nProvider";
import { whenIdle } from "./lib/when-idle";
import type { AppRouter } from "./router";
import { AppThemeProvider } from "./shell/AppThemeProvider";
import { lazyWithRetry } from "./ui/retrying-lazy";
import { TOAST_LIMIT } from "./ui/toast";
import { WhenToasts } from "./ui/when-toasts";

// The toast container (transitions, scroll locking, a portal) is not needed for the first paint:
// its code is fetched once the browser is idle, and it mounts with the first toast (WhenToasts);
// toasts shown before then wait in the notifications store and appear when it mounts. Outside
// the router there is no error page to fall back on: a failed load must not unmount the app
// (lazyWithRetry).
const loadToastContainer = () => import("./ui/toast-container").then((m) => m.default);
const Notifications = lazyWithRetry(loadToastContainer);

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
  useEffect(() => whenIdle(() => void loadToastContainer().catch(() => undefined)), []);
  return (
    <AppI18nProvider>
      <AppThemeProvider>
        {/* Client-only: not in the prerendered HTML (no toast is shown before hydration). */}
        <WhenToasts>
          <Suspense fallback={null}>
            <Notifications position="top-right" limit={TOAST_LIMIT} containerWidth={500} zIndex={2100} />
          </Suspense>
        </WhenToasts>
        <AuthProvider navigate={navigate} assumeGuest={prerendered}>
          <RouterProvider router={router} />
        </AuthProvider>
      </AppThemeProvider>
    </AppI18nProvider>
  );
}
