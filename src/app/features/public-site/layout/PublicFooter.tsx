import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Box, Container, Divider, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useCookieConsent } from "../../../lib/cookie-consent";
import { LanguageSwitcher } from "../../../ui/LanguageSwitcher";
import { BrandLink } from "./BrandLink";
import { SocialLinks } from "./SocialLinks";

function Column({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Text component="h2" fz="sm" fw={700} tt="uppercase" c="dimmed" m={0}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} c="var(--mantine-color-text)" fz="sm">
      {children}
    </Anchor>
  );
}

/** Shows the cookie banner again, to change the analytics choice. */
function CookieSettingsLink() {
  const { reopen } = useCookieConsent();
  return (
    <Anchor
      component="button"
      type="button"
      onClick={reopen}
      c="var(--mantine-color-text)"
      fz="sm"
      ta="start"
    >
      <Trans>Cookie settings</Trans>
    </Anchor>
  );
}

/** Spec section 2: four link columns, then "Blocklot PRO", the year and "All Rights Reserved." */
export function PublicFooter() {
  const { t } = useLingui();
  const year = new Date().getFullYear();
  return (
    <Box
      component="footer"
      bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))"
      py={48}
      mt={64}
    >
      <Container size="lg">
        <Stack gap="xl">
          <Group justify="space-between" align="center">
            <BrandLink />
            <LanguageSwitcher />
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xl" component="nav" aria-label={t`Footer`}>
            <Column title={<Trans>Contact</Trans>}>
              <FooterLink to="/contact">
                <Trans>Contact Us</Trans>
              </FooterLink>
            </Column>
            <Column title={<Trans>Legal</Trans>}>
              <FooterLink to="/policy">
                <Trans>Privacy Policy</Trans>
              </FooterLink>
              <FooterLink to="/terms-service">
                <Trans>Terms of Service</Trans>
              </FooterLink>
              <FooterLink to="/about-us">
                <Trans>About Us</Trans>
              </FooterLink>
              <FooterLink to="/faq">
                <Trans>FAQ</Trans>
              </FooterLink>
              <CookieSettingsLink />
            </Column>
            <Column title={<Trans>Social</Trans>}>
              <Box fz="sm">
                <SocialLinks />
              </Box>
            </Column>
            <Column title={<Trans>Pages</Trans>}>
              <FooterLink to="/articles">
                <Trans>Blog and News</Trans>
              </FooterLink>
              <FooterLink to="/penalty-removal">
                <Trans>Penalty Removal</Trans>
              </FooterLink>
            </Column>
          </SimpleGrid>
          <Divider />
          <Text fz="sm" c="dimmed">
            <Trans>Blocklot PRO © {year}. All Rights Reserved.</Trans>
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
