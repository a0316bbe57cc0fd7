import { createRootRoute, Outlet } from "@tanstack/react-router";
import { useAuth } from "../features/auth/auth-context";
import { CookieBanner } from "../features/cookies/CookieBanner";
import { NotFoundPage, ServerErrorPage } from "../features/errors/pages";
import { PwaPrompts } from "../features/pwa/PwaPrompts";
import { SettingsButton } from "../features/settings/SettingsButton";
import { SettingsDrawer } from "../features/settings/SettingsDrawer";
import { useNavigationProgress } from "../ui/progress/useNavigationProgress";
import { SplashScreen } from "../ui/SplashScreen";

function RootLayout() {
  const { isInitialized } = useAuth();
  useNavigationProgress();
  return (
    <>
      {isInitialized ? <Outlet /> : <SplashScreen />}
      <PwaPrompts />
      {isInitialized ? <SettingsButton /> : null}
      <SettingsDrawer />
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
