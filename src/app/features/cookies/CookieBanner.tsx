import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Button, Group, Paper, Text } from "@mantine/core";
import { IconCookie } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { useCookieConsent } from "../../lib/cookie-consent";
import { NOTICE_GAP, NOTICE_RIGHT, setBannerHeight, useNoticeEdge } from "../../ui/bottom-stack";

const INSET_VAR = "--cookie-banner-inset";

/**
 * Cookie consent banner (spec section 4): shown until the visitor accepts or declines analytics
 * (Microsoft Clarity, loaded by ClarityAnalytics.tsx only after an accept). Fixed at the bottom
 * of the root layout, not in a portal, so the prerendered HTML carries it (portals render
 * only in the browser). It reports its height (ui/bottom-stack.ts) so the PWA's card stacks
 * above it, sits above a page's own bottom action bar (ui/BottomBar.tsx) instead of covering
 * it, and leaves the floating Settings button's corner free. While it shows, the page is padded
 * by its height (index.html), so a phone can scroll a form's last field and button above it; so
 * is a full-screen dialog's body (a phone's forms in `AppModal`).
 */
export function CookieBanner() {
  const { t } = useLingui();
  const { accepted, choose } = useCookieConsent();
  const ref = useRef<HTMLDivElement>(null);
  const bottom = useNoticeEdge();
  useEffect(() => {
    const el = ref.current;
    if (accepted || !el) return;
    const root = document.documentElement.style;
    const report = () => {
      const height = el.getBoundingClientRect().height;
      setBannerHeight(height);
      // index.html pads the page by this much, so nothing stays hidden behind the banner.
      root.setProperty(INSET_VAR, `${Math.ceil(height + bottom + NOTICE_GAP)}px`);
    };
    report();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(report);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      setBannerHeight(0);
      root.removeProperty(INSET_VAR);
    };
  }, [accepted, bottom]);
  if (accepted) return null;
  return (
    <Paper
      role="region"
      aria-label={t`Cookie consent`}
      data-testid="cookie-banner"
      shadow="xl"
      withBorder
      p="md"
      radius="lg"
      ref={ref}
      pos="fixed"
      bottom={bottom}
      left={16}
      right={NOTICE_RIGHT}
      mx="auto"
      maw={640}
      style={{ zIndex: 1250 }}
    >
      <Group wrap="nowrap" align="flex-start" gap="md">
        <IconCookie size={28} style={{ flexShrink: 0 }} />
        <div style={{ flex: 1 }}>
          <Text size="sm">
            <Trans>
              We use cookies to keep you signed in and, if you allow it, Microsoft Clarity analytics to
              understand how the site is used. Read our{" "}
              <Anchor component={Link} to="/policy" inherit>
                Privacy Policy
              </Anchor>{" "}
              to learn more.
            </Trans>
          </Text>
          {/* data-analytics: index.html's boot script stores the choice if it is made before hydration. */}
          <Group gap="xs" mt="sm">
            <Button size="xs" data-analytics="granted" onClick={() => choose(true)}>
              <Trans>Accept analytics</Trans>
            </Button>
            <Button size="xs" variant="default" data-analytics="denied" onClick={() => choose(false)}>
              <Trans>Necessary only</Trans>
            </Button>
          </Group>
        </div>
      </Group>
    </Paper>
  );
}
