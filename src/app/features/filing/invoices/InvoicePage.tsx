import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconCreditCard, IconDownload } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { formatCents } from "../../../../domain/money";
import { BackLink } from "../../../ui/BackLink";
import { toast } from "../../../ui/toast";
import { usePageTitle } from "../../../ui/usePageTitle";
import { errorMessage, filingQueries, saveInvoicePdf } from "../filing-api";
import { KIND_LABELS, METHOD_LABELS } from "../labels";
import { QuoteLines } from "../OwnerFilingCard";
import { InvoiceStatusBadge, shortDate } from "./InvoiceStatusBadge";

function Fact({ label, children }: { label: React.ReactNode; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text>{children}</Text>
    </div>
  );
}

/** /dashboard/invoices/{id}: lines, totals, status, PDF, Pay; Stripe's return (?checkout=success|cancelled). */
export function InvoicePage({
  invoiceId,
  checkout,
}: {
  invoiceId: string;
  checkout?: "success" | "cancelled";
}) {
  const { t, i18n } = useLingui();
  const invoice = useQuery({
    ...filingQueries.invoice(invoiceId),
    // After Stripe's return the webhook may land a moment later.
    refetchInterval: (q) => (checkout === "success" && q.state.data?.status === "unpaid" ? 3000 : false),
  });
  const number = invoice.data?.number ?? "";
  usePageTitle(number ? t`Invoice ${number}` : t`Invoice`);
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    if (!invoice.data) return;
    setDownloading(true);
    try {
      await saveInvoicePdf(invoice.data);
    } catch (err) {
      const why = errorMessage(err);
      toast.error(t`The PDF could not be downloaded: ${why}`);
    } finally {
      setDownloading(false);
    }
  };

  const back = <BackLink to="/dashboard/invoices" label={msg`All invoices`} />;

  if (invoice.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t`Loading invoice`} />
      </Center>
    );
  }
  if (invoice.isError) {
    return (
      <Stack>
        {back}
        <Alert color="red" title={t`The invoice could not be loaded`}>
          {errorMessage(invoice.error)}
        </Alert>
      </Stack>
    );
  }
  const inv = invoice.data;
  const due = Math.max(0, inv.amountCents - inv.paidCents);
  const kind = KIND_LABELS[inv.kind as keyof typeof KIND_LABELS];
  const method = inv.method ? METHOD_LABELS[inv.method] : undefined;
  const paid = formatCents(inv.paidCents);
  const reason = inv.overrideReason;

  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>
          <Trans>Invoice {number}</Trans>
        </Title>
        <InvoiceStatusBadge status={inv.status} />
      </Group>

      {checkout === "success" && (
        <Alert color="green" title={t`Thank you for your payment`} data-testid="checkout-success">
          {inv.status === "paid" ? (
            <Trans>The invoice is paid.</Trans>
          ) : (
            <Trans>We are confirming the payment with the card processor; this page updates by itself.</Trans>
          )}
        </Alert>
      )}
      {checkout === "cancelled" && (
        <Alert color="yellow" title={t`Payment cancelled`} data-testid="checkout-cancelled">
          <Trans>Nothing was charged. You can pay again whenever you are ready.</Trans>
        </Alert>
      )}

      <Card withBorder radius="lg">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <Fact label={<Trans>Property</Trans>}>{inv.address ? `${inv.bbl} · ${inv.address}` : inv.bbl}</Fact>
          <Fact label={<Trans>Filing</Trans>}>
            {kind ? i18n._(kind) : inv.kind} {inv.year}
          </Fact>
          <Fact label={<Trans>Date</Trans>}>{shortDate(inv.createdAt, i18n.locale)}</Fact>
          <Fact label={<Trans>Balance due</Trans>}>
            <span data-testid="invoice-due">{formatCents(due)}</span>
          </Fact>
        </SimpleGrid>
      </Card>

      <QuoteLines quote={{ items: inv.items, totalCents: inv.amountCents }} />
      {inv.paidCents > 0 && (
        <Text size="sm">
          <Trans>Paid {paid}</Trans>
          {method ? ` · ${i18n._(method)}` : ""}
          {inv.paidAt ? ` · ${shortDate(inv.paidAt, i18n.locale)}` : ""}
        </Text>
      )}
      {inv.overrideReason && inv.status === "unpaid" && (
        <Text size="sm" c="dimmed">
          <Trans>Work goes ahead before payment: {reason}</Trans>
        </Text>
      )}

      <Group gap="sm" wrap="wrap">
        <Button
          variant="default"
          leftSection={<IconDownload size={18} />}
          loading={downloading}
          onClick={download}
        >
          <Trans>Download PDF</Trans>
        </Button>
        {inv.status === "unpaid" && (
          <Button
            leftSection={<IconCreditCard size={18} />}
            renderRoot={(props) => <Link {...props} to="/checkout" search={{ invoiceId: inv.id }} />}
          >
            <Trans>Pay</Trans>
          </Button>
        )}
      </Group>
    </Stack>
  );
}
