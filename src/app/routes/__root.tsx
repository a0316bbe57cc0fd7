import { createRootRoute, Outlet } from "@tanstack/react-router";
import { lazy, Suspense, useRef } from "react";
import { useAuth } from "../features/auth/auth-context";
import { CookieBanner } from "../features/cookies/CookieBanner";
import { NotFoundPage, ServerErrorPage } from "../features/errors/pages";
import { PwaPrompts } from "../features/pwa/PwaPrompts";
import { SettingsButton } from "../features/settings/SettingsButton";
import { useSettings } from "../features/settings/useSettings";
import { useNavigationProgress } from "../ui/progress/useNavigationProgress";
import { SplashScreen } from "../ui/SplashScreen";

// The drawer (and its Mantine inputs) loads the first time it opens, not with every page.
const SettingsDrawer = lazy(() =>
  import("../features/settings/SettingsDrawer").then((m) => ({ default: m.SettingsDrawer })),
);

function RootLayout() {
  const { isInitialized } = useAuth();
  useNavigationProgress();
  const { openDrawer } = useSettings();
  const drawerWanted = useRef(false);
  if (openDrawer) drawerWanted.current = true;
  return (
    <>
      {isInitialized ? <Outlet /> : <SplashScreen />}
      <PwaPrompts />
      {isInitialized ? <SettingsButton /> : null}
      {drawerWanted.current ? (
        <Suspense fallback={null}>
          <SettingsDrawer />
        </Suspense>
      ) : null}
      <CookieBanner />
    </>
  );
}

export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: ({ error }) => {
    console.error(error);
    return <ServerErrorPage />;
  },
});
