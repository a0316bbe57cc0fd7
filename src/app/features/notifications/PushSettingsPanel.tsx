import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Card, Divider, Group, Loader, Stack, Switch, Text, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PushSettings } from "../../../domain/notifications/push";
import { NOTIFICATION_TYPES, type NotificationType } from "../../../domain/notifications/types";
import { errorMessage } from "../../lib/error-message";
import { toast } from "../../ui/toast";
import { pushApi, pushKeys, pushQueries } from "./push-api";
import { type PushDeviceError, usePushDevice } from "./use-push-device";

const TYPE_LABEL: Record<NotificationType, MessageDescriptor> = {
  job_add: msg`New jobs`,
  new_feature: msg`New features`,
  company_created: msg`Companies created`,
  statement_extracted: msg`Statement read`,
  statement_failed: msg`Statement could not be read`,
  quote_sent: msg`New quote`,
  invoice_paid: msg`Invoice paid`,
  filing_filed: msg`Filing filed`,
  invitation_accepted: msg`Invitation accepted`,
  import_finished: msg`Import saved`,
  chat_message: msg`Chat messages`,
  deadline_approaching: msg`RPIE deadline approaching`,
  invoice_due: msg`Invoice due`,
  ebay_sale: msg`Sold on eBay`,
  ebay_reconnect: msg`Reconnect your eBay account`,
};

function DeviceError({ reason, detail }: { reason: PushDeviceError; detail?: string }) {
  const { t } = useLingui();
  const problem = detail ?? "";
  const text: Record<PushDeviceError, string> = {
    denied: t`Notifications are blocked for this site. Allow them in your browser's site settings to get push notifications. The bell keeps working.`,
    unreachable: t`The browser's push service could not be reached. Try again later. The bell keeps working.`,
    "no-service-worker": t`The app's offline support is not ready on this device yet. Reload the page and try again.`,
    server: t`Push notifications could not be changed: ${problem}`,
  };
  return (
    <Alert color="red" role="alert">
      {text[reason]}
    </Alert>
  );
}

/** The device switch: subscribes this browser to Web Push, or unsubscribes it. */
function DeviceSwitch() {
  const { t } = useLingui();
  const device = usePushDevice();
  if (device.state === "unsupported") {
    return (
      <Text size="sm" c="dimmed">
        <Trans>This browser cannot receive push notifications. The bell keeps working.</Trans>
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap">
        <Switch
          label={t`Push notifications on this device`}
          description={t`Get a notification on this device when something happens, even with the app closed.`}
          checked={device.state === "on"}
          disabled={device.state === "checking" || device.busy}
          onChange={(e) => void (e.currentTarget.checked ? device.turnOn() : device.turnOff())}
        />
        {device.busy ? <Loader size="xs" /> : null}
      </Group>
      {device.error ? <DeviceError {...device.error} /> : null}
    </Stack>
  );
}

/** Which notification types are pushed to every device of the user. */
function TypeSwitches() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const settings = useQuery(pushQueries.settings());
  const change = useMutation({
    mutationFn: (update: Partial<PushSettings>) => pushApi.updateSettings(update),
    onMutate: async (update) => {
      await queryClient.cancelQueries({ queryKey: pushKeys.settings });
      const before = queryClient.getQueryData<PushSettings>(pushKeys.settings);
      if (before) queryClient.setQueryData(pushKeys.settings, { ...before, ...update });
      return { before };
    },
    onError: (error, _update, context) => {
      if (context?.before) queryClient.setQueryData(pushKeys.settings, context.before);
      toast.error(t`Setting not saved: ${errorMessage(error)}`);
    },
    onSuccess: (saved) => queryClient.setQueryData(pushKeys.settings, saved),
  });

  if (settings.isLoading) return <Loader size="sm" />;
  if (!settings.data) {
    return (
      <Alert color="red" role="alert">
        <Trans>Your push settings could not be loaded.</Trans>
      </Alert>
    );
  }
  const data = settings.data;
  return (
    <Stack gap="sm" role="group" aria-label={t`Notification types to push`}>
      {NOTIFICATION_TYPES.map((type) => (
        <Switch
          key={type}
          label={i18n._(TYPE_LABEL[type])}
          checked={data[type]}
          onChange={(e) => change.mutate({ [type]: e.currentTarget.checked })}
        />
      ))}
    </Stack>
  );
}

/** The account page's push notification settings: this device, then the types for all devices. */
export function PushSettingsPanel() {
  return (
    <Card padding="lg">
      <Stack>
        <Title order={3}>
          <Trans>Push notifications</Trans>
        </Title>
        <DeviceSwitch />
        <Divider />
        <Text size="sm" c="dimmed">
          <Trans>Push these notifications to all my devices:</Trans>
        </Text>
        <TypeSwitches />
      </Stack>
    </Card>
  );
}
