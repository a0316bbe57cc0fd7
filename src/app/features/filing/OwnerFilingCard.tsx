import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { IconFileInvoice, IconPaperclip, IconSend } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { formatCents } from "../../../domain/money";
import { AppModal } from "../../ui/AppModal";
import { toast } from "../../ui/toast";
import { uploadFile } from "../files/upload-client";
import { FiledDocuments } from "./FiledDocuments";
import { FilingTimeline } from "./FilingTimeline";
import { errorMessage, type Filing, filingApi, filingKeys, type Quote } from "./filing-api";
import {
  INVOICE_STATUS_COLORS,
  INVOICE_STATUS_LABELS,
  ITEM_LABELS,
  KIND_LABELS,
  STATE_COLORS,
  STATE_LABELS,
} from "./labels";

export function QuoteLines({ quote }: { quote: Pick<Quote, "items" | "totalCents"> }) {
  const { t, i18n } = useLingui();
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing={4} aria-label={t`Quote lines`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Item</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Qty</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Unit price</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Amount</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {quote.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id and never reorder
            <Table.Tr key={i}>
              <Table.Td>
                {item.description && item.description !== i18n._(ITEM_LABELS[item.kind]).toString()
                  ? item.description
                  : i18n._(ITEM_LABELS[item.kind])}
              </Table.Td>
              <Table.Td ta="right">{item.quantity}</Table.Td>
              <Table.Td ta="right">{formatCents(item.unitCents)}</Table.Td>
              <Table.Td ta="right">{formatCents(item.amountCents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={3}>
              <Trans>Total</Trans>
            </Table.Th>
            <Table.Th ta="right" data-testid="quote-total">
              {formatCents(quote.totalCents)}
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

function AnswerForm({ filing, onDone }: { filing: Filing; onDone: () => void }) {
  const { t } = useLingui();
  const [message, setMessage] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!message.trim()) {
      setError(t`Write an answer first`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const ids: string[] = [];
      for (const file of files) {
        const up = await uploadFile({
          file,
          bblId: filing.propertyId,
          documentType: "other",
          statementYear: filing.year,
        });
        ids.push(up.id);
      }
      await filingApi.answer(filing, message.trim(), ids);
      toast.success(t`Answer sent`);
      setMessage("");
      setFiles([]);
      onDone();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} aria-label={t`Answer the question`}>
      <Stack gap="xs">
        <Textarea
          label={t`Your answer`}
          autosize
          minRows={3}
          maxLength={5000}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          required
        />
        <FileInput
          label={t`Attach files`}
          description={t`Choose files (optional)`}
          multiple
          clearable
          leftSection={<IconPaperclip size={16} />}
          value={files}
          onChange={setFiles}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={busy} leftSection={<IconSend size={16} />}>
            <Trans>Send answer</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One filing for the owner: its timeline and what the owner can do now. */
export function OwnerFilingCard({ filing }: { filing: Filing }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState<"documents" | "accept" | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: filingKeys.all });
    void queryClient.invalidateQueries({ queryKey: filingKeys.invoices });
  };

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      toast.success(done);
      setConfirm(null);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(false);
      refresh();
    }
  };

  const canSendDocuments =
    filing.state === "documents_requested" && filing.nextStates.includes("documents_received");
  const quote = filing.quote;
  const canAccept = quote?.status === "sent" && !filing.invoice;
  const year = filing.year;
  const kind = i18n._(KIND_LABELS[filing.kind]);
  const total = formatCents(quote?.totalCents ?? 0);
  const invoiceNumber = filing.invoice?.number ?? "";
  const deadline = filing.deadline;

  return (
    <Card
      withBorder
      radius="lg"
      data-testid="filing-card"
      data-filing-id={filing.id}
      data-state={filing.state}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div>
            <Title order={3} size="h4">
              <Trans>
                {kind} {year}
              </Trans>
            </Title>
            <Text size="sm" c="dimmed">
              <Trans>Deadline {deadline}</Trans>
            </Text>
          </div>
          <Badge color={STATE_COLORS[filing.state]} variant="light" data-testid="filing-state">
            {i18n._(STATE_LABELS[filing.state])}
          </Badge>
        </Group>

        <FilingTimeline filing={filing} />

        {filing.state === "filed" && <FiledDocuments filingId={filing.id} />}

        {filing.state === "needs_information" && filing.nextStates.length > 0 && (
          <AnswerForm filing={filing} onDone={refresh} />
        )}

        {canSendDocuments && (
          <Stack gap={4}>
            <Text size="sm">
              <Trans>
                Upload your operating statement, rent roll and other documents for this property, then tell us
                they are ready.
              </Trans>
            </Text>
            <Group gap="xs">
              <Button onClick={() => setConfirm("documents")}>
                <Trans>Documents sent</Trans>
              </Button>
              <Button component={Link} to="/dashboard/import-file" variant="default">
                <Trans>Upload File</Trans>
              </Button>
            </Group>
          </Stack>
        )}

        {quote && (quote.status === "sent" || quote.status === "accepted") && (
          <Stack gap="xs" data-testid="filing-quote">
            <Title order={4} size="h5">
              {quote.status === "sent" ? <Trans>Your quote</Trans> : <Trans>Accepted quote</Trans>}
            </Title>
            <QuoteLines quote={quote} />
            {quote.note && (
              <Text size="sm" c="dimmed">
                {quote.note}
              </Text>
            )}
            {canAccept && (
              <Group>
                <Button color="green" onClick={() => setConfirm("accept")}>
                  <Trans>Accept quote</Trans>
                </Button>
              </Group>
            )}
          </Stack>
        )}

        {filing.invoice && (
          <Group gap="xs" wrap="wrap">
            <IconFileInvoice size={18} aria-hidden />
            <Anchor
              data-testid="filing-invoice-link"
              renderRoot={(props) => (
                <Link
                  {...props}
                  to="/dashboard/invoices/$invoiceId"
                  params={{ invoiceId: filing.invoice?.id ?? "" }}
                />
              )}
            >
              <Trans>Invoice {invoiceNumber}</Trans>
            </Anchor>
            <Badge color={INVOICE_STATUS_COLORS[filing.invoice.status]} variant="light">
              {i18n._(INVOICE_STATUS_LABELS[filing.invoice.status])}
            </Badge>
          </Group>
        )}
      </Stack>

      <AppModal opened={confirm === "documents"} onClose={() => setConfirm(null)} title={t`Documents sent?`}>
        <Stack>
          <Text>
            <Trans>
              We will start reviewing the documents you uploaded for this property. You can still upload more
              later.
            </Trans>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              loading={busy}
              onClick={() => run(() => filingApi.documentsSent(filing), t`Documents sent`)}
            >
              <Trans>Yes, documents sent</Trans>
            </Button>
          </Group>
        </Stack>
      </AppModal>

      <AppModal opened={confirm === "accept"} onClose={() => setConfirm(null)} title={t`Accept this quote?`}>
        <Stack>
          <Text>
            <Trans>Accepting the quote of {total} creates an invoice to pay. It cannot be undone.</Trans>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              color="green"
              loading={busy}
              onClick={() => quote && run(() => filingApi.acceptQuote(quote.id), t`Quote accepted`)}
            >
              <Trans>Accept quote</Trans>
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </Card>
  );
}
