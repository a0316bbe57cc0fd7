/** The confirmation before a product is deleted (list and edit page). */
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Stack, Text } from "@mantine/core";
import { AppModal } from "../../../ui/AppModal";

export function DeleteProductModal({
  title,
  opened,
  busy,
  onCancel,
  onConfirm,
}: {
  /** The product's title (kept while the dialog closes). */
  title: string;
  opened: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useLingui();
  return (
    <AppModal opened={opened} onClose={onCancel} title={t`Delete product?`}>
      <Stack>
        <Text>
          <Trans>
            Delete the product “{title}”? It leaves your product list on every device. Items made from it
            stay.
          </Trans>
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button color="red" loading={busy} onClick={onConfirm}>
            <Trans>Delete</Trans>
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
