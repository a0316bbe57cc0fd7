import { RouterProvider } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { AuthProvider } from "./features/auth/AuthProvider";
import { AppI18nProvider } from "./i18n/AppI18nProvider";
import { router } from "./router";
import { AppThemeProvider } from "./ui/theme/AppThemeProvider";
import { TOAST_LIMIT } from "./ui/toast";

// The toast container (transitions, scroll locking) is not needed for the first paint; toasts
// shown before it arrives wait in the notifications store and appear when it mounts.
const Notifications = lazy(() => import("./ui/toast-container"));

/** Resolves once the new page has loaded (so a sign-out can leave a guarded page before the state changes). */
const navigate = (href: string, options?: { replace?: boolean }) =>
  router.navigate({ href, replace: options?.replace });

export function App() {
  return (
    <AppI18nProvider>
      <AppThemeProvider>
        <Suspense fallback={null}>
          <Notifications position="top-right" limit={TOAST_LIMIT} containerWidth={500} zIndex={2100} />
        </Suspense>
        <AuthProvider navigate={navigate}>
          <RouterProvider router={router} />
        </AuthProvider>
      </AppThemeProvider>
    </AppI18nProvider>
  );
}
