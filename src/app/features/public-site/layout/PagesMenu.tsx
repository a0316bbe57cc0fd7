import { Trans } from "@lingui/react/macro";
import { Box, Button } from "@mantine/core";
import { IconChevronDown } from "@tabler/icons-react";
import { lazy, Suspense, useRef, useState } from "react";
import classes from "./PublicHeader.module.css";

// The popover (Mantine Popover + floating-ui) is not part of the landing page's first load:
// it is fetched when the pointer or focus reaches "Pages" and shown once it has arrived.
const loadPopover = () => import("./PagesMenuPopover");
const PagesMenuPopover = lazy(loadPopover);

/** The header's "Pages" menu button; see PagesMenuPopover for the menu itself. */
export function PagesMenu() {
  const [wanted, setWanted] = useState(false);
  const hovering = useRef(false);
  const clicked = useRef(false);
  const button = (
    <Box
      className={classes.menuTarget}
      onMouseEnter={() => {
        hovering.current = true;
        void loadPopover();
        setWanted(true);
      }}
      onMouseLeave={() => {
        hovering.current = false;
      }}
    >
      <Button
        variant="subtle"
        color="gray"
        c="var(--mantine-color-text)"
        rightSection={<IconChevronDown size={16} aria-hidden="true" />}
        aria-expanded={false}
        aria-haspopup="dialog"
        onFocus={() => void loadPopover()}
        onClick={() => {
          clicked.current = true;
          setWanted(true);
        }}
      >
        <Trans>Pages</Trans>
      </Button>
    </Box>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <PagesMenuPopover defaultOpened={hovering.current || clicked.current} />
    </Suspense>
  );
}
