import { Anchor, Group, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { Logo } from "../../../ui/Logo";

/**
 * The logo and product name, linking to the landing page. `compact`: the name is hidden
 * below the sm breakpoint so the phone header keeps room for Log In and Sign Up in every language.
 */
export function BrandLink({ compact = false }: { compact?: boolean }) {
  return (
    <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="Blocklot">
      <Group gap={8} wrap="nowrap">
        <Logo size={32} />
        <Text component="span" fw={700} fz="lg" ff="heading" visibleFrom={compact ? "sm" : undefined}>
          Blocklot
        </Text>
      </Group>
    </Anchor>
  );
}
