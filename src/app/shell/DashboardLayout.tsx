import "../ui/theme/full-styles";
import { AppShell, Box, Container, Divider, Overlay } from "@mantine/core";
import { useDisclosure, useHotkeys, useMediaQuery } from "@mantine/hooks";
import { Link, useLocation } from "@tanstack/react-router";
import { type ReactNode, startTransition, useEffect, useState } from "react";
import { useSettings } from "../lib/settings/use-settings";
import { whenIdle } from "../lib/when-idle";
import { Logo } from "../ui/Logo";
import { HORIZONTAL_NAV_HEIGHT, NAV_WIDTH, TOP_BAR_HEIGHT } from "../ui/shell-constants";
import { BREAKPOINTS_PX } from "../ui/theme/theme";
import { holdBootShell, removeBootShell } from "./boot-shell";
import { HorizontalNav } from "./HorizontalNav";
import { NavMenu } from "./NavMenu";
import { NeedHelp } from "./NeedHelp";
import classes from "./Shell.module.css";
import { TopBar } from "./TopBar";

export type ShellArea = "dashboard" | "admin" | "marketplace";

/**
 * The signed-in frame for /dashboard, /admin and /marketplace: a 280 px navigation
 * drawer (permanent from lg, slide-out below with the burger, closing on path change)
 * or a horizontal menu bar, the 64 px top bar, and the page in a Compact or Wide column.
 */
export function DashboardLayout({ children }: { area?: ShellArea; children: ReactNode }) {
  // On a cold load index.html's boot shell shows the frame and the page's heading. The router
  // mounts this layout in a synchronous render (its state is an external store), so the frame
  // would be rendered and committed in one long task: while the shell covers it, the frame's
  // first render comes instead as a transition, in slices (issue 19). Client-side navigations
  // (no shell) render it at once.
  const [behindShell, setBehindShell] = useState(() => document.getElementById("boot-shell") !== null);
  useEffect(() => {
    if (!behindShell) return;
    const release = holdBootShell();
    startTransition(() => setBehindShell(false));
    return release;
  }, [behindShell]);
  return behindShell ? null : <DashboardFrame>{children}</DashboardFrame>;
}

function DashboardFrame({ children }: { children: ReactNode }) {
  const { settings } = useSettings();
  const [opened, { toggle, close }] = useDisclosure(false);
  const pathname = useLocation({ select: (l) => l.pathname });
  // Read at once (not after a first render that assumes a desktop): on a phone the first
  // render then leaves the closed drawer's navigation out instead of rendering it and dropping it.
  const large = useMediaQuery(`(min-width: ${BREAKPOINTS_PX.lg / 16}em)`, true, {
    getInitialValueInEffect: false,
  });
  const horizontal = settings.layout === "horizontal";
  const horizontalBar = horizontal && large;

  // The navigation is half of the frame's elements (about 300). Where it is out of sight on the
  // first paint (a phone's closed drawer, the horizontal layout's hidden navbar) it is rendered
  // once the page has shown and the browser is idle, in slices (a transition), or at once when
  // the drawer opens; the page's own content renders first (docs/benchmarks.md, issue 19).
  const navInSight = opened || (large && !horizontal);
  const [navIdle, setNavIdle] = useState(false);
  useEffect(() => whenIdle(() => startTransition(() => setNavIdle(true))), []);
  const showNav = navIdle || navInSight;

  useHotkeys([["Escape", close]]);
  // The slide-out drawer closes whenever the page changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change by design
  useEffect(() => {
    close();
  }, [pathname, close]);

  return (
    <AppShell
      layout={horizontal ? "default" : "alt"}
      header={{ height: horizontalBar ? TOP_BAR_HEIGHT + HORIZONTAL_NAV_HEIGHT : TOP_BAR_HEIGHT }}
      navbar={{
        width: { base: NAV_WIDTH },
        breakpoint: "lg",
        collapsed: { mobile: !opened, desktop: horizontal },
      }}
      padding={{ base: "md", sm: "lg" }}
    >
      {opened && !large ? (
        // Slide-out drawer: a backdrop under it closes it on a tap outside.
        <Overlay fixed zIndex={100} backgroundOpacity={0.45} onClick={close} data-testid="nav-backdrop" />
      ) : null}
      <AppShell.Header className={classes.topBar}>
        <TopBar navOpened={opened} onToggleNav={toggle} showLogo={horizontal} />
        {horizontalBar ? (
          <>
            <Divider />
            <Box h={HORIZONTAL_NAV_HEIGHT}>
              <HorizontalNav />
            </Box>
          </>
        ) : null}
      </AppShell.Header>
      <AppShell.Navbar
        className={classes.nav}
        data-nav-color={settings.navColor}
        // A closed slide-out drawer is out of reach for keyboard and screen readers too.
        inert={(large ? horizontal : !opened) ? true : undefined}
      >
        <AppShell.Section px="md" pt="md" pb="sm">
          <Link to="/" className={classes.brand}>
            <Logo size={32} />
            <span>Blocklot</span>
          </Link>
        </AppShell.Section>
        <AppShell.Section grow px="sm" className={classes.navScroll}>
          {showNav ? <NavMenu /> : null}
        </AppShell.Section>
        <AppShell.Section p="md">{showNav ? <NeedHelp /> : null}</AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <Container fluid={settings.stretch} size="xl" px={0} py="md">
          <AfterFrame>{children}</AfterFrame>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}

/**
 * The page of the frame's first render comes after the frame has committed, as a transition:
 * React then renders it in slices between which the browser can paint and handle input, instead
 * of one long task for frame and page together (issue 19). Later pages render as before.
 */
function AfterFrame({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  // The boot shell stays until the page is there (this effect runs before __root's).
  useEffect(() => {
    const release = holdBootShell();
    startTransition(() => setShown(true));
    return release;
  }, []);
  useEffect(() => {
    if (shown) removeBootShell();
  }, [shown]);
  return shown ? children : null;
}
