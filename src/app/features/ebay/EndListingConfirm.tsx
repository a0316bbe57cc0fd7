import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Stack, Text } from "@mantine/core";
import { AppModal } from "../../ui/AppModal";

type EndAction = "withdraw" | "delete";

/**
 * The question before a listing ends: withdraw (the offer is kept to publish again) or delete
 * (eBay forgets the item). For one item (the item form) or `count` selected items (the seller's
 * and the marketplace staff's Listing Management).
 */
export function EndListingConfirm({
  action,
  count,
  busy,
  onCancel,
  onConfirm,
  testId,
}: {
  action: EndAction | null;
  count?: number;
  busy: boolean;
  onCancel(): void;
  onConfirm(action: EndAction): void;
  testId?: string;
}) {
  const { t } = useLingui();
  const many = count !== undefined;
  return (
    <AppModal
      opened={action !== null}
      onClose={onCancel}
      title={action === "delete" ? t`Delete from eBay?` : t`Withdraw from eBay?`}
      centered
    >
      <Stack>
        <Text size="sm">
          {action === "delete" ? (
            many ? (
              <Trans>The listings of {count} items end and eBay forgets the items and their offers.</Trans>
            ) : (
              <Trans>The listing ends and eBay forgets the item and its offer.</Trans>
            )
          ) : many ? (
            <Trans>
              The listings of {count} items end on eBay; their offers are kept so you can publish again.
            </Trans>
          ) : (
            <Trans>The listing ends on eBay; its offer is kept so you can publish again.</Trans>
          )}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button color="red" loading={busy} onClick={() => action && onConfirm(action)} data-testid={testId}>
            {action === "delete" ? <Trans>Delete from eBay</Trans> : <Trans>Withdraw</Trans>}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
