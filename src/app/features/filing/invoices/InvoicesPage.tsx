import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Anchor, Card, Center, Group, Loader, Stack, Table, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconFileInvoice } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { formatCents } from "../../../../domain/money";
import { usePageTitle } from "../../../ui/usePageTitle";
import { errorMessage, filingQueries, type Invoice } from "../filing-api";
import { InvoiceStatusBadge, shortDate } from "./InvoiceStatusBadge";

const property = (i: Invoice) => (i.address ? `${i.bbl} · ${i.address}` : i.bbl);

function NumberLink({ invoice }: { invoice: Invoice }) {
  return (
    <Anchor
      fw={600}
      renderRoot={(props) => (
        <Link {...props} to="/dashboard/invoices/$invoiceId" params={{ invoiceId: invoice.id }} />
      )}
    >
      {invoice.number}
    </Anchor>
  );
}

/** /dashboard/invoices: the company's invoices, newest first. */
export function InvoicesPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Invoices`);
  const wide = useMediaQuery("(min-width: 48em)", true);
  const list = useQuery(filingQueries.invoiceList());
  const rows = list.data ?? [];
  return (
    <Stack gap="lg">
      <Title order={1}>
        <Trans>Invoices</Trans>
      </Title>
      {list.isError && (
        <Alert color="red" title={t`The invoices could not be loaded`}>
          {errorMessage(list.error)}
        </Alert>
      )}
      {list.isPending ? (
        <Center py="xl">
          <Loader role="status" aria-label={t`Loading invoices`} />
        </Center>
      ) : list.isError ? null : rows.length === 0 ? (
        <Card withBorder radius="lg" p="xl" data-testid="invoices-empty">
          <Stack align="center" gap="sm">
            <IconFileInvoice size={48} stroke={1.4} aria-hidden />
            <Title order={2} size="h3">
              <Trans>No invoices yet</Trans>
            </Title>
            <Text c="dimmed" ta="center">
              <Trans>An invoice appears here when you accept a quote for a filing.</Trans>
            </Text>
            <Anchor component={Link} to="/dashboard/filings">
              <Trans>See your filings</Trans>
            </Anchor>
          </Stack>
        </Card>
      ) : wide ? (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" highlightOnHover data-testid="invoices-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Number</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Property</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Amount</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Status</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Date</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((i) => (
                <Table.Tr key={i.id} data-testid="invoice-row">
                  <Table.Td>
                    <NumberLink invoice={i} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{property(i)}</Text>
                  </Table.Td>
                  <Table.Td ta="right">{formatCents(i.amountCents)}</Table.Td>
                  <Table.Td>
                    <InvoiceStatusBadge status={i.status} />
                  </Table.Td>
                  <Table.Td>{shortDate(i.createdAt, i18n.locale)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Stack gap="sm">
          {rows.map((i) => (
            <Card key={i.id} withBorder radius="lg" data-testid="invoice-row">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div>
                  <NumberLink invoice={i} />
                  <Text size="sm">{property(i)}</Text>
                  <Text size="xs" c="dimmed">
                    {shortDate(i.createdAt, i18n.locale)}
                  </Text>
                </div>
                <Stack gap={4} align="flex-end">
                  <Text fw={600}>{formatCents(i.amountCents)}</Text>
                  <InvoiceStatusBadge status={i.status} />
                </Stack>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
