import { createRootRoute, Outlet } from "@tanstack/react-router";
import { useAuth } from "../features/auth/auth-context";
import { NotFoundPage, ServerErrorPage } from "../features/errors/pages";
import { PwaPrompts } from "../features/pwa/PwaPrompts";
import { useNavigationProgress } from "../ui/progress/useNavigationProgress";
import { SplashScreen } from "../ui/SplashScreen";

function RootLayout() {
  const { isInitialized } = useAuth();
  useNavigationProgress();
  return (
    <>
      {isInitialized ? <Outlet /> : <SplashScreen />}
      <PwaPrompts />
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
