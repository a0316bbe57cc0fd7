import { useLingui } from "@lingui/react/macro";
import { Burger } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { lazy, Suspense, useRef } from "react";

// The drawer (Mantine Drawer, scroll lock, NavLinks) loads the first time the menu opens.
const MobileNavDrawer = lazy(() => import("./MobileNavDrawer"));

/** Below md: a menu button opening a right-side drawer with Pricing, Contact Us and Request Demo. */
export function MobileNav() {
  const { t } = useLingui();
  const [opened, { toggle, close }] = useDisclosure(false);
  const everOpened = useRef(false);
  if (opened) everOpened.current = true;
  return (
    <>
      <Burger opened={opened} onClick={toggle} size="sm" aria-label={t`Open menu`} aria-expanded={opened} />
      {everOpened.current ? (
        <Suspense fallback={null}>
          <MobileNavDrawer opened={opened} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
