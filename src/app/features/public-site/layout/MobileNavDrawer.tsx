import "../../../ui/theme/full-styles";
import { Trans, useLingui } from "@lingui/react/macro";
import { Drawer, NavLink, Stack } from "@mantine/core";
import { IconCalendarEvent, IconMail, IconReceipt } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { MOBILE_DRAWER_WIDTH } from "../constants";

/** The mobile menu drawer: Pricing, Contact Us and Request Demo (loaded on first open by MobileNav). */
export default function MobileNavDrawer({ opened, onClose: close }: { opened: boolean; onClose(): void }) {
  const { t } = useLingui();
  return (
    <Drawer
      opened={opened}
      onClose={close}
      position="right"
      size={MOBILE_DRAWER_WIDTH}
      title={t`Menu`}
      closeButtonProps={{ "aria-label": t`Close menu` }}
    >
      <nav aria-label={t`Menu`}>
        <Stack gap={4}>
          <NavLink
            component={Link}
            to="/pricing"
            label={<Trans>Pricing</Trans>}
            leftSection={<IconReceipt size={18} aria-hidden="true" />}
            onClick={close}
          />
          <NavLink
            component={Link}
            to="/contact"
            label={<Trans>Contact Us</Trans>}
            leftSection={<IconMail size={18} aria-hidden="true" />}
            onClick={close}
          />
          <NavLink
            component={Link}
            to="/request-demo"
            label={<Trans>Request Demo</Trans>}
            leftSection={<IconCalendarEvent size={18} aria-hidden="true" />}
            onClick={close}
          />
        </Stack>
      </nav>
    </Drawer>
  );
}
