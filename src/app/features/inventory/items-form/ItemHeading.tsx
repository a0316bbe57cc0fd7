import { Trans } from "@lingui/react/macro";
import { Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import type { Item } from "../../../../domain/inventory/item";

/** A page heading about one item, with its title and SKU under it once the item is loaded. */
export function ItemHeading({ children, item }: { children: ReactNode; item: Item | null | undefined }) {
  return (
    <div>
      <Title order={1}>{children}</Title>
      {item ? (
        <Text c="dimmed" size="sm">
          {item.title} · <Trans>SKU {item.sku}</Trans>
        </Text>
      ) : null}
    </div>
  );
}
