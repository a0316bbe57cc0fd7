import { Trans, useLingui } from "@lingui/react/macro";
import { Box, Button, Container, Group } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { LanguageSwitcher } from "../../../ui/LanguageSwitcher";
import { HEADER_HEIGHT, LOGIN_PATH, REGISTER_PATH } from "../constants";
import { BrandLink } from "./BrandLink";
import { MobileNav } from "./MobileNav";
import { PagesMenu } from "./PagesMenu";
import classes from "./PublicHeader.module.css";
import { useHeaderScrolled } from "./useHeaderScrolled";

/** Spec section 2: the fixed 64 px public header. */
export function PublicHeader() {
  const { t } = useLingui();
  const scrolled = useHeaderScrolled();
  return (
    <Box
      component="header"
      className={classes.header}
      data-scrolled={scrolled || undefined}
      style={{ "--public-header-height": `${HEADER_HEIGHT}px` }}
    >
      <Container size="lg" className={classes.inner}>
        <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="lg" wrap="nowrap">
            <BrandLink compact />
            <Group component="nav" aria-label={t`Main`} gap={4} visibleFrom="md" wrap="nowrap">
              <PagesMenu />
              <Button
                component={Link}
                to="/contact"
                variant="subtle"
                color="gray"
                c="var(--mantine-color-text)"
              >
                <Trans>Contact Us</Trans>
              </Button>
            </Group>
          </Group>
          <Group gap={4} wrap="nowrap">
            <LanguageSwitcher />
            <Button component={Link} to={LOGIN_PATH} variant="filled" size="compact-sm" hiddenFrom="sm">
              <Trans>Log In</Trans>
            </Button>
            <Button component={Link} to={REGISTER_PATH} variant="outline" size="compact-sm" hiddenFrom="sm">
              <Trans>Sign Up</Trans>
            </Button>
            <Button component={Link} to={LOGIN_PATH} variant="filled" visibleFrom="sm">
              <Trans>Log In</Trans>
            </Button>
            <Button component={Link} to={REGISTER_PATH} variant="outline" visibleFrom="sm">
              <Trans>Sign Up</Trans>
            </Button>
            <Box hiddenFrom="md">
              <MobileNav />
            </Box>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
