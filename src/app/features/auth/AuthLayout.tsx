import "../../ui/theme/full-styles";
import { Trans } from "@lingui/react/macro";
import { Anchor, Box, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { QueryProvider } from "../../lib/QueryProvider";
import { LanguageSwitcher } from "../../ui/LanguageSwitcher";
import { Logo } from "../../ui/Logo";
import classes from "./AuthLayout.module.css";

/** Simple text marks standing in for customer logos. */
const COMPANY_MARKS = ["Northgate", "Hudson & Pike", "Brickline", "Meridian", "Elm Street", "Crestview"];

/** Auth pages: a marketing panel beside the form; the product name links home. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Box className={classes.root}>
      <Box className={classes.formSide}>
        <Group component="header" justify="space-between" p="lg">
          <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="Blocklot">
            <Group gap="xs">
              <Logo size={32} />
              <Text fw={700} fz="lg" ff="heading">
                Blocklot
              </Text>
            </Group>
          </Anchor>
          <LanguageSwitcher />
        </Group>
        <Box component="main" className={classes.formBox}>
          <QueryProvider>{children}</QueryProvider>
        </Box>
      </Box>
      <Box component="aside" className={classes.panel}>
        <Stack gap="xl" maw={460}>
          <Title order={2} c="white">
            <Trans>Welcome to Blocklot</Trans>
          </Title>
          <Text c="white" opacity={0.85}>
            <Trans>
              File your NYC property income and expense reports, and list your inventory, from one place.
            </Trans>
          </Text>
          <Text c="white" fw={600}>
            <Trans>Join 6,000+ forward-thinking companies</Trans>
          </Text>
          <SimpleGrid cols={3} spacing="lg" aria-hidden="true">
            {COMPANY_MARKS.map((name) => (
              <Text key={name} c="white" opacity={0.7} fw={700} ff="heading" fz="sm" ta="center">
                {name}
              </Text>
            ))}
          </SimpleGrid>
        </Stack>
      </Box>
    </Box>
  );
}
