import { Box, Container } from "@mantine/core";
import { type ReactNode, useRef } from "react";
import { NOTICE_RIGHT, useRegisterBottomBar } from "./bottom-stack";

/**
 * A page's action bar, fixed at the bottom of the screen in the thumb's reach. It registers
 * itself (ui/bottom-stack.ts): the cookie banner and the PWA's notices stack above it instead
 * of over it, and the one-time "Ready to work offline" card waits until the page is left. It
 * leaves the floating Settings button its corner. The page keeps its end scrollable above the
 * bar with `useBarHeight()` as bottom padding.
 */
export function BottomBar({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useRegisterBottomBar(ref);
  return (
    <Box
      ref={ref}
      pos="fixed"
      bottom={0}
      left={0}
      right={0}
      p="sm"
      pr={NOTICE_RIGHT + 4}
      bg="var(--mantine-color-body)"
      style={{ zIndex: 10, borderTop: "1px solid var(--mantine-color-default-border)" }}
    >
      <Container size="xs" px={0}>
        {children}
      </Container>
    </Box>
  );
}
