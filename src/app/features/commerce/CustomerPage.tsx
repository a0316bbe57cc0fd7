import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconPencil } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { formatCents } from "../../../domain/money";
import { BackLink } from "../../ui/BackLink";
import { usePageTitle } from "../../ui/usePageTitle";
import { OrderStatusBadge } from "../ebay/OrderStatusBadge";
import { commerceQueries } from "./commerce-api";
import { OrderLink } from "./links";
import { Fact } from "./OrderPage";
import { QueryState } from "./QueryState";

/** /dashboard/customers/{customerId}: an eBay buyer of the company, the company's notes and their orders. */
export function CustomerPage({ username }: { username: string }) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Customer ${username}`);
  const customer = useQuery(commerceQueries.customer(username));
  const date = (iso: string) => i18n.date(new Date(iso), { dateStyle: "medium" });
  return (
    <Stack gap="lg">
      <BackLink to="/dashboard/customers/$" params={{ _splat: "" }} label={msg`All customers`} />
      <QueryState query={customer} errorTitle={t`The customer could not be loaded`}>
        {(c) => (
          <Stack gap="lg">
            <Group justify="space-between" wrap="wrap">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Title order={1} style={{ overflowWrap: "anywhere" }}>
                  {c.name ?? c.buyerName ?? c.username}
                </Title>
                <Text c="dimmed">
                  <Trans>eBay user {c.username}</Trans>
                </Text>
              </Stack>
              <Button
                leftSection={<IconPencil size={16} aria-hidden />}
                variant="light"
                renderRoot={(props) => (
                  <Link {...props} to="/dashboard/customers/$" params={{ _splat: `${username}/edit` }} />
                )}
              >
                <Trans>Edit notes</Trans>
              </Button>
            </Group>
            <Card withBorder radius="lg">
              <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
                <Fact label={<Trans>Name on eBay</Trans>}>{c.buyerName ?? "—"}</Fact>
                <Fact label={<Trans>City</Trans>}>{c.buyerCity ?? "—"}</Fact>
                <Fact label={<Trans>Orders</Trans>}>{c.orders}</Fact>
                <Fact label={<Trans>Spent</Trans>}>{formatCents(c.spentCents)}</Fact>
                <Fact label={<Trans>First order</Trans>}>{date(c.firstOrderAt)}</Fact>
                <Fact label={<Trans>Last order</Trans>}>{date(c.lastOrderAt)}</Fact>
              </SimpleGrid>
            </Card>
            <Card withBorder radius="lg" data-testid="customer-notes">
              <Title order={2} size="h4" mb="sm">
                <Trans>Our notes</Trans>
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <Fact label={<Trans>E-mail</Trans>}>
                  {c.email ? <Anchor href={`mailto:${c.email}`}>{c.email}</Anchor> : "—"}
                </Fact>
                <Fact label={<Trans>Phone</Trans>}>
                  {c.phone ? <Anchor href={`tel:${c.phone.replace(/[^0-9+]/g, "")}`}>{c.phone}</Anchor> : "—"}
                </Fact>
              </SimpleGrid>
              <Text mt="md" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {c.note ?? <Trans>No note yet.</Trans>}
              </Text>
            </Card>
            <Title order={2} size="h3">
              <Trans>Orders</Trans>
            </Title>
            <Stack gap="sm">
              {c.recentOrders.map((o) => (
                <Card key={o.orderId} withBorder radius="md" padding="sm">
                  <Group justify="space-between" wrap="nowrap">
                    <Stack gap={2}>
                      <OrderLink orderId={o.orderId} />
                      <Text size="sm" c="dimmed">
                        {date(o.createdAt)} · {formatCents(o.totalCents)}
                      </Text>
                    </Stack>
                    <OrderStatusBadge status={o.status} />
                  </Group>
                </Card>
              ))}
            </Stack>
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
