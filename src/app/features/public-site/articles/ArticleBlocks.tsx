import { List, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** Building blocks for article bodies, so every article reads the same. */
export const H2 = ({ children }: { children: ReactNode }) => (
  <Title order={2} fz="h3" mt="xl" mb="sm">
    {children}
  </Title>
);
export const P = ({ children }: { children: ReactNode }) => (
  <Text mb="md" lh={1.7}>
    {children}
  </Text>
);
export const Bullets = ({ children }: { children: ReactNode }) => (
  <List mb="md" spacing="xs" lh={1.6}>
    {children}
  </List>
);
export const Item = List.Item;
