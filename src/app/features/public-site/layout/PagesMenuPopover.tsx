import "../../../ui/theme/full-styles";
import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Box, Button, Popover, SimpleGrid, Stack, Text } from "@mantine/core";
import { useTimeout } from "@mantine/hooks";
import { IconChevronDown } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { HOVER_CLOSE_DELAY_MS, PAGES_MENU_GAP_FROM_BUTTON, PAGES_MENU_WIDTH } from "../constants";
import classes from "./PublicHeader.module.css";
import { SocialLinks } from "./SocialLinks";

function Column({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text fz="xs" fw={700} tt="uppercase" c="dimmed">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/**
 * The header's "Pages" menu (md and wider): opens on mouse enter, closes 50 ms after the
 * mouse leaves both the button and the panel. A click or Enter toggles it for keyboard
 * and touch users; Escape closes it. Loaded on first use by PagesMenu.
 */
export default function PagesMenuPopover({ defaultOpened = false }: { defaultOpened?: boolean }) {
  const { t } = useLingui();
  const [opened, setOpened] = useState(defaultOpened);
  // Mantine's timeout clears itself on unmount.
  const closeTimer = useTimeout(() => setOpened(false), HOVER_CLOSE_DELAY_MS);
  const open = () => {
    closeTimer.clear();
    setOpened(true);
  };
  const scheduleClose = () => {
    closeTimer.clear();
    closeTimer.start();
  };
  const close = () => {
    closeTimer.clear();
    setOpened(false);
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      width={PAGES_MENU_WIDTH}
      offset={PAGES_MENU_GAP_FROM_BUTTON}
      position="bottom-start"
      shadow="md"
      radius="md"
      withinPortal
    >
      {/* The hover box wraps the target: Popover.Target puts its ARIA attributes on the button itself. */}
      <Box className={classes.menuTarget} onMouseEnter={open} onMouseLeave={scheduleClose}>
        <Popover.Target>
          <Button
            variant="subtle"
            color="gray"
            c="var(--mantine-color-text)"
            rightSection={<IconChevronDown size={16} aria-hidden="true" />}
            onClick={() => (opened ? close() : open())}
            aria-expanded={opened}
          >
            <Trans>Pages</Trans>
          </Button>
        </Popover.Target>
      </Box>
      <Popover.Dropdown
        onMouseEnter={open}
        onMouseLeave={scheduleClose}
        p="md"
        aria-label={t`Pages`}
        component="nav"
      >
        <SimpleGrid cols={4} spacing="sm">
          <Column title={<Trans>Legal</Trans>}>
            <Link to="/policy" className={classes.menuLink} onClick={close}>
              <Trans>Privacy Policy</Trans>
            </Link>
            <Link to="/terms-service" className={classes.menuLink} onClick={close}>
              <Trans>Terms of Service</Trans>
            </Link>
            <Link to="/about-us" className={classes.menuLink} onClick={close}>
              <Trans>About Us</Trans>
            </Link>
            <Link to="/faq" className={classes.menuLink} onClick={close}>
              <Trans>FAQ</Trans>
            </Link>
          </Column>
          <Column title={<Trans>Contact</Trans>}>
            <Link to="/contact" className={classes.menuLink} onClick={close}>
              <Trans>Contact Us</Trans>
            </Link>
          </Column>
          <Column title={<Trans>Pages</Trans>}>
            <Link to="/articles" className={classes.menuLink} onClick={close}>
              <Trans>Blog and News</Trans>
            </Link>
            <Link to="/penalty-removal" className={classes.menuLink} onClick={close}>
              <Trans>Penalty Removal</Trans>
            </Link>
          </Column>
          <Column title={<Trans>Social</Trans>}>
            <SocialLinks className={classes.menuLink} />
          </Column>
        </SimpleGrid>
        <Anchor component={Link} to="/pricing" size="sm" mt="sm" display="inline-block" onClick={close}>
          <Trans>How pricing works</Trans>
        </Anchor>
      </Popover.Dropdown>
    </Popover>
  );
}
