import { Box, Container, Group } from "@mantine/core";
import type { ReactNode } from "react";
import { LanguageSwitcher } from "../../../ui/LanguageSwitcher";
import { BrandLink } from "./BrandLink";

/** Public pages outside the public layout (forms, confirmations, terms): logo, language, content. */
export function SimplePageLayout({ children, size = "sm" }: { children: ReactNode; size?: string }) {
  return (
    <Box mih="100dvh">
      <Box component="header" py="md">
        <Container size="lg">
          <Group justify="space-between">
            <BrandLink />
            <LanguageSwitcher />
          </Group>
        </Container>
      </Box>
      <Container component="main" id="main" size={size} py="xl">
        {children}
      </Container>
    </Box>
  );
}
