/**
 * The member's secret ICS feed URL (docs/calendar.md "ICS feed"): made here, shown once to copy
 * into a calendar app, revoked here (the old URL then answers 404).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, CopyButton, Group, Paper, Stack, Text, TextInput } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { calendarKeys, calendarQueries, makeFeed, revokeFeed } from "./api";

export function FeedPanel({ companyId }: { companyId: string }) {
  const { t } = useLingui();
  const client = useQueryClient();
  const status = useQuery(calendarQueries.feed(companyId));
  const [url, setUrl] = useState<string | null>(null);
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: calendarKeys.feed(companyId) });
  const make = useMutation({
    mutationFn: makeFeed,
    onSuccess: (res) => {
      setUrl(res.url);
      void refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: revokeFeed,
    onSuccess: () => {
      setUrl(null);
      setConfirmRevoke(false);
      void refresh();
    },
  });
  const active = status.data?.active ?? false;
  const failure = make.error ?? revoke.error;

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Text fw={600}>
          <Trans>Subscribe from another calendar app</Trans>
        </Text>
        <Text size="sm" c="dimmed">
          <Trans>
            A secret address with your events and the deadlines, for Google Calendar, Outlook or Apple
            Calendar. Anyone with the address can read it: revoke it if it leaks.
          </Trans>
        </Text>
        {failure && (
          <Alert color="red" role="alert">
            {failure.message}
          </Alert>
        )}
        {url && (
          <Group align="flex-end" wrap="nowrap">
            <TextInput label={t`Feed address (shown once)`} value={url} readOnly style={{ flex: 1 }} />
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {copied ? t`Copied` : t`Copy`}
                </Button>
              )}
            </CopyButton>
          </Group>
        )}
        {active && !url && (
          <Text size="sm">
            <Trans>
              You have a feed address. Make a new one to see it again (the old one stops working).
            </Trans>
          </Text>
        )}
        <Group>
          <Button variant="default" loading={make.isPending} onClick={() => make.mutate()}>
            {active ? t`Make a new address` : t`Make a feed address`}
          </Button>
          {active &&
            (confirmRevoke ? (
              <Group gap="xs">
                <Text size="sm">
                  <Trans>Calendar apps using it will stop updating.</Trans>
                </Text>
                <Button color="red" loading={revoke.isPending} onClick={() => revoke.mutate()}>
                  <Trans>Revoke</Trans>
                </Button>
                <Button variant="subtle" onClick={() => setConfirmRevoke(false)}>
                  <Trans>Keep it</Trans>
                </Button>
              </Group>
            ) : (
              <Button variant="subtle" color="red" onClick={() => setConfirmRevoke(true)}>
                <Trans>Revoke…</Trans>
              </Button>
            ))}
        </Group>
      </Stack>
    </Paper>
  );
}
