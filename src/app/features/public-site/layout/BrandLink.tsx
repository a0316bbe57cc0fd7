import { Anchor, Group, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { Logo } from "../../../ui/Logo";

/** The logo and product name, linking to the landing page. */
export function BrandLink() {
  return (
    <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="Blocklot">
      <Group gap={8} wrap="nowrap">
        <Logo size={32} />
        <Text component="span" fw={700} fz="lg" ff="heading">
          Blocklot
        </Text>
      </Group>
    </Anchor>
  );
}
