/**
 * /dashboard/item-photos/{id}: an item's photos and its photo link on a page of their own
 * (the item edit page embeds the same ItemPhotosPanel below its form).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Stack } from "@mantine/core";
import { useLiveQuery } from "dexie-react-hooks";
import { getDb } from "../../../offline/db";
import { usePageTitle } from "../../../ui/usePageTitle";
import { ItemHeading } from "../items-form/ItemHeading";
import { ItemPhotosPanel } from "./ItemPhotosPanel";

export function ItemPhotosPage({ id }: { id: string }) {
  const { t } = useLingui();
  const item = useLiveQuery(async () => (await getDb().items.get(id)) ?? null, [id]);
  usePageTitle(item?.title ? t`Photos of ${item.title}` : t`Item photos`);
  return (
    <Stack gap="lg" maw={960}>
      <ItemHeading item={item}>
        <Trans>Item photos</Trans>
      </ItemHeading>
      <ItemPhotosPanel itemId={id} />
    </Stack>
  );
}
