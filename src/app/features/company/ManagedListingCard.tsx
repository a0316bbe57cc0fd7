import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Card, Loader, Stack, Switch, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "../../lib/error-message";
import { toast } from "../../ui/toast";
import { companyAccountApi, companyKeys, companyQueries } from "./company-account-api";

/**
 * "Managed listing" (docs/marketplace.md): the company hands its inventory to the marketplace
 * staff, who then prepare and list its items; off takes effect at once. Company admins switch it
 * (the server checks it); the other members see it read-only.
 */
export function ManagedListingCard({ companyId, isAdmin }: { companyId: string; isAdmin: boolean }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const setting = useQuery(companyQueries.managedListing(companyId));
  const [saving, setSaving] = useState(false);

  const change = async (enabled: boolean) => {
    setSaving(true);
    try {
      const next = await companyAccountApi.setManagedListing(companyId, enabled);
      queryClient.setQueryData(companyKeys.managedListing(companyId), next);
      toast.success(
        enabled
          ? t`Managed listing is on: marketplace staff can now work on your inventory`
          : t`Managed listing is off: marketplace staff no longer reach your inventory`,
      );
    } catch (err) {
      toast.error(t`Managed listing not changed: ${errorMessage(err)}`);
    } finally {
      setSaving(false);
    }
  };

  const last = setting.data?.changedAt ? new Date(setting.data.changedAt).toLocaleString() : null;
  const by = setting.data?.changedBy?.displayName ?? "";
  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="managed-listing-heading">
      <Title order={2} size="h4" id="managed-listing-heading" mb="sm">
        <Trans>Managed listing</Trans>
      </Title>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          <Trans>
            Hand your inventory over to our marketplace staff: they import, photograph, describe and list your
            items for you. They see only your items, batches and products, never your filings, files or
            billing. Turning it off stops their access at once.
          </Trans>
        </Text>
        {setting.isPending ? (
          <Loader size="sm" role="status" aria-label={t`Loading managed listing`} />
        ) : setting.isError ? (
          <Alert color="red" title={t`Could not load the managed listing setting`}>
            {errorMessage(setting.error)}
          </Alert>
        ) : (
          <>
            <Switch
              data-testid="managed-listing-switch"
              label={t`Let marketplace staff manage our inventory`}
              checked={setting.data.enabled}
              disabled={!isAdmin || saving}
              onChange={(e) => void change(e.currentTarget.checked)}
            />
            {!isAdmin && (
              <Text size="xs" c="dimmed">
                <Trans>Only a company admin can change this.</Trans>
              </Text>
            )}
            {last && (
              <Text size="xs" c="dimmed" data-testid="managed-listing-changed">
                {by ? (
                  <Trans>
                    Last changed {last} by {by}
                  </Trans>
                ) : (
                  <Trans>Last changed {last}</Trans>
                )}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
