import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Button, Group, Paper, Text } from "@mantine/core";
import { IconCookie } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useCookieConsent } from "./cookie-consent";

/**
 * Cookie consent banner (spec section 4): shown until Accept is pressed. Fixed at the bottom
 * of the root layout, not in a portal, so the prerendered HTML carries it (portals render
 * only in the browser).
 */
export function CookieBanner() {
  const { t } = useLingui();
  const { accepted, accept } = useCookieConsent();
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
      pos="fixed"
      bottom={16}
      left={16}
      right={16}
      mx="auto"
      maw={640}
      style={{ zIndex: 1250 }}
    >
      <Group wrap="nowrap" align="flex-start" gap="md">
        <IconCookie size={28} style={{ flexShrink: 0 }} />
        <div style={{ flex: 1 }}>
          <Text size="sm">
            <Trans>
              We use cookies to keep you signed in and to understand how the site is used. Read our{" "}
              <Anchor component={Link} to="/policy" inherit>
                Privacy Policy
              </Anchor>{" "}
              to learn more.
            </Trans>
          </Text>
          <Button size="xs" mt="sm" onClick={accept}>
            <Trans>Accept</Trans>
          </Button>
        </div>
      </Group>
    </Paper>
  );
}
