import { Trans } from "@lingui/react/macro";
import { createRootRoute, Outlet, useRouterState } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useRef } from "react";
import { useAuth } from "../features/auth/auth-context";
import { useSettings } from "../lib/settings/use-settings";
import { removeBootShellUnlessHeld } from "../shell/boot-shell";
import { lazyWithRetry } from "../ui/retrying-lazy";
import { SplashScreen } from "../ui/SplashScreen";
import { AfterMount } from "../ui/useMounted";

// Progress bar and PWA notices: fetched right after the first render
// (after hydration on a prerendered page) instead of before it (see shell/DeferredShell.tsx).
// These parts load in the background while the page is in use: should the connection drop
// before one arrives, the page stays and the part comes later (lazyWithRetry), where `lazy`
// would replace the page with the error page.
const DeferredShell = lazyWithRetry(() => import("../shell/DeferredShell").then((m) => m.default));

// The cookie banner is part of a first visit's first paint, so it is in the prerendered HTML
// (ssr/prerender-entry.tsx); its code still loads after the page's.
const CookieBanner = lazyWithRetry(() =>
  import("../features/cookies/CookieBanner").then((m) => m.CookieBanner),
);

// The floating Settings button is in the prerendered HTML, so it is there before the app runs
// (a click on it starts the app, scripts/island-loader.ts); its code loads with the page's.
const SettingsButton = lazyWithRetry(() =>
  import("../features/settings/SettingsButton").then((m) => m.SettingsButton),
);

// The drawer (and its Mantine inputs) loads the first time it opens, not with every page.
const SettingsDrawer = lazyWithRetry(() =>
  import("../features/settings/SettingsDrawer").then((m) => m.SettingsDrawer),
);

// The 404/500 pages (and their illustrations) load only when shown. Should their chunk fail
// to load (a deploy replaced it, the network is gone), a plain page still says what happened.
const errorPages = () => import("../features/errors/pages");
const NotFoundPage = lazy(() =>
  errorPages().then(
    (m) => ({ default: m.NotFoundPage }),
    () => ({ default: () => <PlainErrorPage status={404} /> }),
  ),
);
const ServerErrorPage = lazy(() =>
  errorPages().then(
    (m) => ({ default: m.ServerErrorPage }),
    () => ({ default: () => <PlainErrorPage status={500} /> }),
  ),
);

function PlainErrorPage({ status }: { status: number }) {
  return (
    <main style={{ padding: 64, textAlign: "center" }}>
      <h1>{status}</h1>
      <a href="/">
        <Trans>Back to Home</Trans>
      </a>
    </main>
  );
}

function RootLayout() {
  const { isInitialized } = useAuth();
  const { openDrawer } = useSettings();
  const drawerWanted = useRef(false);
  if (openDrawer) drawerWanted.current = true;
  // index.html's frame-and-heading stand-in goes once the app shows the page it stood for (or
  // whatever came instead: the sign-in page, an error): the route has loaded and rendered.
  const settled = useRouterState({ select: (s) => s.status === "idle" && !s.isLoading });
  useEffect(() => {
    if (isInitialized && settled) removeBootShellUnlessHeld();
  }, [isInitialized, settled]);
  return (
    <>
      {isInitialized ? <Outlet /> : <SplashScreen />}
      <Suspense fallback={null}>
        <CookieBanner />
      </Suspense>
      {isInitialized ? (
        <Suspense fallback={null}>
          <SettingsButton />
        </Suspense>
      ) : null}
      <AfterMount>
        <Suspense fallback={null}>
          <DeferredShell />
        </Suspense>
      </AfterMount>
      {drawerWanted.current ? (
        <Suspense fallback={null}>
          <SettingsDrawer />
        </Suspense>
      ) : null}
    </>
  );
}

export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: () => (
    <Suspense fallback={null}>
      <NotFoundPage />
    </Suspense>
  ),
  errorComponent: ({ error }) => {
    console.error(error);
    return (
      <Suspense fallback={null}>
        <ServerErrorPage />
      </Suspense>
    );
  },
});
