import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Card, Center, Code, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconBuildingBank } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect } from "react";
import { formatCents } from "../../../../domain/money";
import { QueryProvider } from "../../../lib/QueryProvider";
import { BackLink } from "../../../ui/BackLink";
import { usePageTitle } from "../../../ui/usePageTitle";
import { AuthGuard } from "../../auth/guards";
import { SimplePageLayout } from "../../public-site/layout/SimplePageLayout";
import { errorMessage, filingQueries } from "../filing-api";

/** Leaves the app for Stripe's hosted Checkout page (a separate function so tests can see it). */
function goToStripe(url: string) {
  window.location.assign(url);
}

function Checkout({ invoiceId, status }: { invoiceId: string; status?: "success" | "cancelled" }) {
  const { t } = useLingui();
  usePageTitle(t`Checkout`);
  const invoice = useQuery(filingQueries.invoice(invoiceId));
  const unpaid = invoice.data?.status === "unpaid";
  const checkout = useQuery({
    ...filingQueries.checkout(invoiceId),
    enabled: unpaid && !status,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const answer = checkout.data;
  useEffect(() => {
    if (answer?.provider === "stripe") goToStripe(answer.url);
  }, [answer]);

  const backToInvoice = (
    <Button
      variant="default"
      renderRoot={(props) => <Link {...props} to="/dashboard/invoices/$invoiceId" params={{ invoiceId }} />}
    >
      <Trans>Back to the invoice</Trans>
    </Button>
  );

  if (status === "success" || status === "cancelled") {
    return (
      <Stack align="center" ta="center" gap="md" py="xl">
        <Title order={1}>
          {status === "success" ? (
            <Trans>Thank you for your payment</Trans>
          ) : (
            <Trans>Payment cancelled</Trans>
          )}
        </Title>
        <Text c="dimmed">
          {status === "success" ? (
            <Trans>The invoice shows as paid as soon as the payment is confirmed.</Trans>
          ) : (
            <Trans>Nothing was charged. You can pay again whenever you are ready.</Trans>
          )}
        </Text>
        {backToInvoice}
      </Stack>
    );
  }

  if (invoice.isPending || checkout.isFetching || answer?.provider === "stripe") {
    return (
      <Center py="xl">
        <Stack align="center">
          <Loader role="status" aria-label={t`Preparing the payment`} />
          {answer?.provider === "stripe" && (
            <Text>
              <Trans>Taking you to the secure card payment page…</Trans>
            </Text>
          )}
        </Stack>
      </Center>
    );
  }
  if (invoice.isError || checkout.isError) {
    return (
      <Stack gap="md" py="xl">
        <Title order={1}>
          <Trans>Checkout</Trans>
        </Title>
        <Alert color="red" title={t`The payment could not be started`}>
          {errorMessage(invoice.error ?? checkout.error)}
        </Alert>
        <Group>{backToInvoice}</Group>
      </Stack>
    );
  }
  const inv = invoice.data;
  if (!unpaid) {
    return (
      <Stack gap="md" py="xl" align="center" ta="center">
        <Title order={1}>
          <Trans>Nothing to pay</Trans>
        </Title>
        <Text>
          {inv.status === "paid" ? (
            <Trans>This invoice is already paid.</Trans>
          ) : (
            <Trans>This invoice is void.</Trans>
          )}
        </Text>
        {backToInvoice}
      </Stack>
    );
  }
  if (answer?.provider !== "manual") return null;
  const amount = formatCents(answer.amountCents);
  return (
    <Stack gap="lg" py="xl">
      <Title order={1}>
        <Trans>Pay by bank transfer or check</Trans>
      </Title>
      <Card withBorder radius="lg" data-testid="payment-instructions">
        <Stack gap="sm">
          <Group gap="xs">
            <IconBuildingBank size={22} aria-hidden />
            <Text fw={600}>
              <Trans>Amount due: {amount}</Trans>
            </Text>
          </Group>
          <Text>
            <Trans>Reference</Trans>: <Code data-testid="payment-reference">{answer.reference}</Code>
          </Text>
          <Text style={{ whiteSpace: "pre-wrap" }} data-testid="payment-instructions-text">
            {answer.instructions}
          </Text>
          <Text size="sm" c="dimmed">
            <Trans>
              Quote the reference with your payment. We mark the invoice paid when the money arrives and you
              will see it in your invoices.
            </Trans>
          </Text>
        </Stack>
      </Card>
      <Group>
        {backToInvoice}
        <BackLink to="/dashboard/invoices" label={msg`All invoices`} />
      </Group>
    </Stack>
  );
}

/** /checkout?invoiceId=…: Stripe Checkout when configured, else bank transfer / check instructions. */
export function InvoiceCheckoutPage(props: { invoiceId: string; status?: "success" | "cancelled" }) {
  return (
    <QueryProvider>
      <AuthGuard>
        <SimplePageLayout size="sm">
          <Checkout {...props} />
        </SimplePageLayout>
      </AuthGuard>
    </QueryProvider>
  );
}
