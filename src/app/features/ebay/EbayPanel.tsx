/**
 * The eBay card on the Listing page: connect (or why it cannot), reconnect, disconnect with
 * confirmation, and the selling setup checklist — business policies, the shipping, payment and
 * return policies, the inventory location from the company's address. The account page shows
 * the same card without the checklist (`checklist={false}`), pointing to the Listing page for it.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconAlertTriangle, IconCircleCheck, IconCircleDashed, IconPlugConnected } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useEffect, useState } from "react";
import { HttpError } from "../../lib/http";
import { AppModal } from "../../ui/AppModal";
import { useEbayConnection } from "./use-ebay-connection";

const errorText = (e: unknown) =>
  e instanceof HttpError ? ((e.data as { message?: string } | undefined)?.message ?? e.message) : String(e);

function Step({ done, children }: { done: boolean; children: React.ReactNode }) {
  return (
    <List.Item
      icon={
        done ? (
          <IconCircleCheck size={18} color="var(--mantine-color-teal-6)" aria-hidden />
        ) : (
          <IconCircleDashed size={18} aria-hidden />
        )
      }
    >
      {children}
    </List.Item>
  );
}

function PolicyChooser() {
  const { t } = useLingui();
  const { policies, choosePolicies } = useEbayConnection();
  const [choice, setChoice] = useState({ fulfillment: "create", payment: "create", return: "create" });
  const data = (list: { id: string; name: string }[] | undefined) => [
    { value: "create", label: t`Create Blocklot's default` },
    ...(list ?? []).map((p) => ({ value: p.id, label: p.name })),
  ];
  if (policies.isLoading) return <Loader size="sm" aria-label={t`Loading your eBay policies`} />;
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label={t`Shipping policy`}
          data={data(policies.data?.fulfillment)}
          value={choice.fulfillment}
          allowDeselect={false}
          onChange={(v) => setChoice((c) => ({ ...c, fulfillment: v ?? "create" }))}
        />
        <Select
          label={t`Payment policy`}
          data={data(policies.data?.payment)}
          value={choice.payment}
          allowDeselect={false}
          onChange={(v) => setChoice((c) => ({ ...c, payment: v ?? "create" }))}
        />
        <Select
          label={t`Return policy`}
          data={data(policies.data?.return)}
          value={choice.return}
          allowDeselect={false}
          onChange={(v) => setChoice((c) => ({ ...c, return: v ?? "create" }))}
        />
      </SimpleGrid>
      <Group>
        <Button
          size="xs"
          loading={choosePolicies.isPending}
          onClick={() =>
            choosePolicies.mutate({
              fulfillmentPolicyId: choice.fulfillment,
              paymentPolicyId: choice.payment,
              returnPolicyId: choice.return,
            })
          }
        >
          <Trans>Use these policies</Trans>
        </Button>
      </Group>
      {choosePolicies.error && (
        <Text c="red" size="sm" role="alert">
          {errorText(choosePolicies.error)}
        </Text>
      )}
    </Stack>
  );
}

function LocationForm({ initial }: { initial: Record<string, string | undefined> }) {
  const { t } = useLingui();
  const { createLocation } = useEbayConnection();
  const [v, setV] = useState({
    addressLine1: "",
    city: "",
    stateOrProvince: "",
    postalCode: "",
    country: "US",
  });
  useEffect(
    () => setV((x) => ({ ...x, ...Object.fromEntries(Object.entries(initial).filter(([, val]) => !!val)) })),
    [initial],
  );
  const field = (k: keyof typeof v, label: string) => (
    <TextInput
      label={label}
      value={v[k]}
      required
      onChange={(e) => setV({ ...v, [k]: e.currentTarget.value })}
    />
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    createLocation.mutate(v);
  };
  return (
    <form onSubmit={submit} aria-label={t`Inventory location`}>
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {field("addressLine1", t`Street address`)}
          {field("city", t`City`)}
          {field("stateOrProvince", t`State or province`)}
          {field("postalCode", t`ZIP code`)}
        </SimpleGrid>
        <Group>
          <Button size="xs" type="submit" loading={createLocation.isPending}>
            <Trans>Create the inventory location</Trans>
          </Button>
        </Group>
        {createLocation.error && (
          <Text c="red" size="sm" role="alert">
            {errorText(createLocation.error)}
          </Text>
        )}
      </Stack>
    </form>
  );
}

export function EbayPanel({ checklist = true }: { checklist?: boolean }) {
  const { t } = useLingui();
  const { status, connect, disconnect, optIn } = useEbayConnection();
  const [confirming, { open, close }] = useDisclosure(false);
  const s = status.data;

  if (status.isLoading) {
    return (
      <Card withBorder radius="lg">
        <Loader size="sm" aria-label={t`Loading the eBay connection`} />
      </Card>
    );
  }
  if (!s) {
    return (
      <Alert color="gray" icon={<IconAlertTriangle size={18} />} data-testid="ebay-offline">
        <Trans>
          The eBay connection shows when you are online. Listing requests you make now are sent when you are
          back.
        </Trans>
      </Alert>
    );
  }

  const connectButton = (label: React.ReactNode) => (
    <Button
      leftSection={<IconPlugConnected size={16} />}
      loading={connect.isPending}
      onClick={() => connect.mutate()}
      disabled={!s.canManage}
      data-testid="ebay-connect"
    >
      {label}
    </Button>
  );

  return (
    <Card withBorder radius="lg" data-testid="ebay-panel">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            <Trans>eBay</Trans>
          </Title>
          {s.state === "connected" && (
            <Badge color="teal" variant="light" data-testid="ebay-state">
              <Trans>Connected as {s.username ?? "—"}</Trans>
            </Badge>
          )}
          {s.state === "reconnect_needed" && (
            <Badge color="orange" variant="light" data-testid="ebay-state">
              <Trans>Reconnect needed</Trans>
            </Badge>
          )}
        </Group>

        {s.state === "not_configured" && (
          <Alert color="gray" data-testid="ebay-not-configured">
            <Trans>
              eBay is not configured on this server yet. An administrator must add the eBay application keys
              before sellers can connect.
            </Trans>
          </Alert>
        )}
        {s.state === "not_connected" && (
          <Stack gap="xs">
            <Text size="sm">
              <Trans>
                Connect your eBay seller account to publish items, follow orders and end listings of items
                sold elsewhere.
              </Trans>
            </Text>
            {!s.canManage && (
              <Text size="sm" c="dimmed">
                <Trans>A company admin connects the company's eBay account.</Trans>
              </Text>
            )}
            <Group>{connectButton(<Trans>Connect eBay</Trans>)}</Group>
          </Stack>
        )}
        {s.state === "reconnect_needed" && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />}>
            <Stack gap="xs">
              <Text size="sm">
                <Trans>
                  eBay no longer accepts the saved sign-in. Connect your eBay account again; your listings
                  stay as they are.
                </Trans>
              </Text>
              <Group>{connectButton(<Trans>Reconnect eBay</Trans>)}</Group>
            </Stack>
          </Alert>
        )}
        {connect.error && (
          <Text c="red" size="sm" role="alert">
            {errorText(connect.error)}
          </Text>
        )}

        {s.state === "connected" && !checklist && (
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" data-testid="ebay-setup-state">
              {s.setup.complete ? (
                <Trans>Ready to list.</Trans>
              ) : (
                <Trans>The selling setup is not finished yet.</Trans>
              )}
            </Text>
            <Anchor component={Link} to="/dashboard/listing" size="sm">
              <Trans>Listing page</Trans>
            </Anchor>
          </Group>
        )}
        {s.state === "connected" && (
          <>
            {checklist && (
              <>
                <Text size="sm" fw={600}>
                  {s.setup.complete ? (
                    <Trans>Ready to list.</Trans>
                  ) : (
                    <Trans>Before listing, finish these steps:</Trans>
                  )}
                </Text>
                <List spacing="xs" size="sm" data-testid="ebay-checklist">
                  <Step done={s.setup.businessPolicies}>
                    <Stack gap={4}>
                      <Trans>Business policies turned on for your eBay account</Trans>
                      {!s.setup.businessPolicies && s.canManage && (
                        <Group>
                          <Button size="xs" loading={optIn.isPending} onClick={() => optIn.mutate()}>
                            <Trans>Turn on business policies</Trans>
                          </Button>
                        </Group>
                      )}
                      {optIn.error && (
                        <Text c="red" size="sm" role="alert">
                          {errorText(optIn.error)}
                        </Text>
                      )}
                    </Stack>
                  </Step>
                  <Step
                    done={
                      !!(s.setup.fulfillmentPolicyId && s.setup.paymentPolicyId && s.setup.returnPolicyId)
                    }
                  >
                    <Stack gap={4}>
                      <Trans>Shipping, payment and return policies chosen</Trans>
                      {s.setup.businessPolicies && !s.setup.fulfillmentPolicyId && s.canManage && (
                        <PolicyChooser />
                      )}
                    </Stack>
                  </Step>
                  <Step done={!!s.setup.merchantLocationKey}>
                    <Stack gap={4}>
                      <Trans>Inventory location (where items ship from)</Trans>
                      {!s.setup.merchantLocationKey && s.canManage && (
                        <LocationForm initial={s.suggestedLocation} />
                      )}
                    </Stack>
                  </Step>
                </List>
              </>
            )}
            {s.canManage && (
              <Group>
                <Anchor component="button" size="sm" c="red" onClick={open}>
                  <Trans>Disconnect eBay</Trans>
                </Anchor>
              </Group>
            )}
          </>
        )}
      </Stack>
      <AppModal opened={confirming} onClose={close} title={t`Disconnect eBay?`} centered>
        <Stack>
          <Text size="sm">
            <Trans>
              Blocklot forgets the eBay sign-in. Listings on eBay stay as they are; you can connect again at
              any time.
            </Trans>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              color="red"
              loading={disconnect.isPending}
              onClick={() => disconnect.mutate(undefined, { onSuccess: close })}
            >
              <Trans>Disconnect</Trans>
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </Card>
  );
}
