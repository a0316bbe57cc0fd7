import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { FilingState } from "../../../../domain/filing";
import { formatCents } from "../../../../domain/money";
import { AppModal } from "../../../ui/AppModal";
import { BackLink } from "../../../ui/BackLink";
import { toast } from "../../../ui/toast";
import { usePageTitle } from "../../../ui/usePageTitle";
import { FilingTimeline } from "../FilingTimeline";
import { errorMessage, filingKeys, filingQueries, refreshFilings, staffApi } from "../filing-api";
import { shortDate } from "../invoices/InvoiceStatusBadge";
import {
  INVOICE_STATUS_COLORS,
  INVOICE_STATUS_LABELS,
  KIND_LABELS,
  STATE_COLORS,
  STATE_LABELS,
} from "../labels";
import { QuoteLines } from "../OwnerFilingCard";
import { FilingMappings } from "./FilingMappings";
import { QuoteEditor } from "./QuoteEditor";
import { Tc309FlagsCard } from "./Tc309FlagsCard";

/** Moves staff take from the transition buttons (the others have their own forms). */
const OWN_FORMS: readonly FilingState[] = ["quoted", "paid", "filed"];
const PRICEABLE: readonly FilingState[] = ["documents_received", "in_review", "quoted"];

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

type Dialog =
  | { kind: "move"; to: FilingState }
  | { kind: "ask" }
  | { kind: "filed" }
  | { kind: "received" }
  | { kind: "override" }
  | null;

function Confirm({
  opened,
  title,
  onClose,
  children,
  action,
  busy,
  onConfirm,
  color,
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  children: React.ReactNode;
  action: React.ReactNode;
  busy: boolean;
  onConfirm: () => void;
  color?: string;
}) {
  return (
    <AppModal opened={opened} onClose={onClose} title={title}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onConfirm();
        }}
      >
        <Stack>
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={busy} color={color}>
              {action}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}

/** /admin/filings/{id}: one filing for staff — its moves, quote, payment, override, question and filing. */
export function AdminFilingPage({ filingId }: { filingId: string }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const filing = useQuery(filingQueries.staffFiling(filingId));
  const f = filing.data;
  const bbl = f?.bbl ?? "";
  usePageTitle(f ? t`Filing ${bbl}` : t`Filing`);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [message, setMessage] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [filedOn, setFiledOn] = useState(today());
  const [flagsExplanation, setFlagsExplanation] = useState("");
  const [method, setMethod] = useState<"bank_transfer" | "check">("bank_transfer");
  const [reference, setReference] = useState("");
  const [receivedOn, setReceivedOn] = useState(today());

  const refresh = () => {
    refreshFilings(queryClient);
    void queryClient.invalidateQueries({ queryKey: filingKeys.invoices });
  };

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setRefusal(null);
    try {
      await action();
      toast.success(done);
      setDialog(null);
      setMessage("");
    } catch (err) {
      // 409 answers say which moves are allowed; 400s what is missing.
      setRefusal(errorMessage(err));
      setDialog(null);
    } finally {
      setBusy(false);
      refresh();
    }
  };

  const back = <BackLink to="/admin/filings" label={msg`Filings queue`} />;

  if (filing.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t`Loading filing`} />
      </Center>
    );
  }
  if (filing.isError || !f) {
    return (
      <Stack>
        {back}
        <Alert color="red" title={t`The filing could not be loaded`}>
          {errorMessage(filing.error)}
        </Alert>
      </Stack>
    );
  }

  const stateLabel = (s: FilingState) => i18n._(STATE_LABELS[s]);
  const moves = f.nextStates.filter((s) => !OWN_FORMS.includes(s));
  const flagCount = f.flags?.length ?? 0;
  const inv = f.invoice;
  const canPrice = PRICEABLE.includes(f.state) && f.quote?.status !== "accepted";
  const kind = i18n._(KIND_LABELS[f.kind]);
  const year = f.year;
  const company = f.companyName;
  const invoiceNumber = inv?.number ?? "";
  const amount = formatCents(inv?.amountCents ?? 0);

  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" wrap="wrap" align="flex-start">
        <div>
          <Title order={1}>{f.address ? `${f.bbl} · ${f.address}` : f.bbl}</Title>
          <Text c="dimmed">
            <Trans>
              {kind} {year} · {company}
            </Trans>
          </Text>
        </div>
        <Badge size="lg" color={STATE_COLORS[f.state]} variant="light" data-testid="admin-filing-state">
          {stateLabel(f.state)}
        </Badge>
      </Group>

      {refusal && (
        <Alert
          color="red"
          title={t`Not done`}
          closeButtonLabel={t`Dismiss`}
          withCloseButton
          onClose={() => setRefusal(null)}
          data-testid="refusal"
        >
          {refusal}
        </Alert>
      )}

      <Card withBorder radius="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            <Trans>Next steps</Trans>
          </Title>
          {f.nextStates.length === 0 && (
            <Text c="dimmed" size="sm">
              {f.state === "filed" ? (
                <Trans>This filing is finished.</Trans>
              ) : (
                <Trans>Waiting for the owner.</Trans>
              )}
            </Text>
          )}
          <Group gap="xs" wrap="wrap">
            {moves.map((to) =>
              to === "needs_information" ? (
                <Button key={to} variant="light" color="orange" onClick={() => setDialog({ kind: "ask" })}>
                  <Trans>Ask for information</Trans>
                </Button>
              ) : (
                <Button key={to} variant="light" onClick={() => setDialog({ kind: "move", to })}>
                  <Trans>Move to {stateLabel(to)}</Trans>
                </Button>
              ),
            )}
            {f.nextStates.includes("filed") && (
              <Button color="green" onClick={() => setDialog({ kind: "filed" })}>
                <Trans>Mark filed</Trans>
              </Button>
            )}
          </Group>
          {f.reason && (
            <Text size="sm">
              <Trans>Owner's reason:</Trans> {f.reason}
            </Text>
          )}
        </Stack>
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="lg">
          <Stack gap="sm">
            <Title order={2} size="h4">
              <Trans>Quote</Trans>
            </Title>
            {f.quote && (
              <Text size="sm" c="dimmed" data-testid="admin-quote-status">
                {f.quote.status === "draft" && <Trans>Draft, not sent</Trans>}
                {f.quote.status === "sent" && <Trans>Sent, waiting for the owner</Trans>}
                {f.quote.status === "accepted" && <Trans>Accepted</Trans>}
              </Text>
            )}
            {f.quote && !canPrice && <QuoteLines quote={f.quote} />}
            {f.quote?.status === "draft" && (
              <Group>
                <Button
                  variant="light"
                  loading={busy}
                  onClick={() => f.quote && run(() => staffApi.sendQuote(f.quote?.id ?? ""), t`Quote sent`)}
                >
                  <Trans>Send the draft</Trans>
                </Button>
              </Group>
            )}
            {canPrice ? (
              <QuoteEditor
                key={`${f.quote?.id ?? "new"}-${f.version}`}
                filing={f}
                onSaved={() => {
                  toast.success(t`Quote saved`);
                  refresh();
                }}
              />
            ) : (
              !f.quote && (
                <Text size="sm" c="dimmed">
                  <Trans>A filing is priced while documents are received, in review or quoted.</Trans>
                </Text>
              )
            )}
          </Stack>
        </Card>

        <Card withBorder radius="lg">
          <Stack gap="sm">
            <Title order={2} size="h4">
              <Trans>Invoice</Trans>
            </Title>
            {!inv ? (
              <Text size="sm" c="dimmed">
                <Trans>No invoice yet: it is created when the owner accepts the quote.</Trans>
              </Text>
            ) : (
              <>
                <Group gap="xs">
                  <Text fw={600}>{inv.number}</Text>
                  <Badge
                    color={INVOICE_STATUS_COLORS[inv.status]}
                    variant="light"
                    data-testid="admin-invoice-status"
                  >
                    {i18n._(INVOICE_STATUS_LABELS[inv.status])}
                  </Badge>
                  <Text>{formatCents(inv.amountCents)}</Text>
                </Group>
                {inv.overrideReason && (
                  <Text size="sm">
                    <Trans>Overridden:</Trans> {inv.overrideReason}
                  </Text>
                )}
                {inv.status === "unpaid" && (
                  <Group gap="xs" wrap="wrap">
                    <Button onClick={() => setDialog({ kind: "received" })}>
                      <Trans>Record transfer or check</Trans>
                    </Button>
                    {!inv.overrideReason && (
                      <Button
                        variant="default"
                        color="orange"
                        onClick={() => setDialog({ kind: "override" })}
                      >
                        <Trans>Override unpaid</Trans>
                      </Button>
                    )}
                  </Group>
                )}
              </>
            )}
          </Stack>
        </Card>
      </SimpleGrid>

      {f.kind === "rpie" && <FilingMappings filing={f} />}
      {f.kind === "rpie" && <Tc309FlagsCard filing={f} />}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="lg">
          <Title order={2} size="h4" mb="sm">
            <Trans>Timeline</Trans>
          </Title>
          <FilingTimeline filing={f} />
        </Card>
        <Card withBorder radius="lg">
          <Title order={2} size="h4" mb="sm">
            <Trans>History</Trans>
          </Title>
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing={4} fz="sm" aria-label={t`History`}>
              <Table.Tbody>
                {[...f.events].reverse().map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>
                      {shortDate(e.createdAt, i18n.locale)}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {e.toState && e.toState in STATE_LABELS
                          ? stateLabel(e.toState as FilingState)
                          : e.type.replaceAll("_", " ")}
                      </Text>
                      {e.message && (
                        <Text size="xs" c="dimmed">
                          {e.message}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">{e.actorName ?? e.actorRole}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      </SimpleGrid>

      <Confirm
        opened={dialog?.kind === "move"}
        title={t`Move this filing?`}
        onClose={() => setDialog(null)}
        busy={busy}
        action={<Trans>Move</Trans>}
        onConfirm={() =>
          dialog?.kind === "move" && run(() => staffApi.transition(f, dialog.to), t`Filing moved`)
        }
      >
        <Text>
          {dialog?.kind === "move" && (
            <Trans>
              Move from {stateLabel(f.state)} to {stateLabel(dialog.to)}?
            </Trans>
          )}
        </Text>
      </Confirm>

      <Confirm
        opened={dialog?.kind === "ask"}
        title={t`Ask the owner for information`}
        onClose={() => setDialog(null)}
        busy={busy}
        color="orange"
        action={<Trans>Send question</Trans>}
        onConfirm={() => {
          if (!message.trim()) return;
          void run(() => staffApi.transition(f, "needs_information", message.trim()), t`Question sent`);
        }}
      >
        <Textarea
          label={t`Message to the owner`}
          autosize
          minRows={3}
          maxLength={5000}
          required
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
        />
      </Confirm>

      <Confirm
        opened={dialog?.kind === "filed"}
        title={t`Mark filed`}
        onClose={() => setDialog(null)}
        busy={busy}
        color="green"
        action={<Trans>Mark filed</Trans>}
        onConfirm={() => {
          if (!confirmation.trim() || !filedOn) return;
          if (flagCount > 0 && !flagsExplanation.trim()) return;
          void run(
            () => staffApi.filed(f, confirmation.trim(), filedOn, flagsExplanation.trim() || undefined),
            t`Filing marked filed`,
          );
        }}
      >
        <Text size="sm">
          <Trans>This finishes the filing and mails the owners. It cannot be undone.</Trans>
        </Text>
        {flagCount > 0 && (
          <Textarea
            label={t`Why file despite the TC309 flags?`}
            description={t`This filing has TC309 flags (see “Audit report and TC309”). The explanation is kept in the timeline.`}
            required
            maxLength={2000}
            autosize
            minRows={2}
            value={flagsExplanation}
            onChange={(e) => setFlagsExplanation(e.currentTarget.value)}
          />
        )}
        <TextInput
          label={t`Confirmation number`}
          required
          maxLength={100}
          value={confirmation}
          onChange={(e) => setConfirmation(e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t`Filing date`}
          required
          max={today()}
          value={filedOn}
          onChange={(e) => setFiledOn(e.currentTarget.value)}
        />
      </Confirm>

      <Confirm
        opened={dialog?.kind === "received"}
        title={t`Record payment received`}
        onClose={() => setDialog(null)}
        busy={busy}
        action={<Trans>Record payment</Trans>}
        onConfirm={() =>
          inv &&
          run(
            () =>
              staffApi.markReceived(inv.id, {
                method,
                ...(reference.trim() ? { reference: reference.trim() } : {}),
                ...(receivedOn ? { receivedOn } : {}),
              }),
            t`Payment recorded`,
          )
        }
      >
        <Text size="sm">
          <Trans>
            Records the whole amount of {invoiceNumber} ({amount}) as received. It cannot be undone.
          </Trans>
        </Text>
        <SegmentedControl
          aria-label={t`Payment method`}
          value={method}
          onChange={(v) => setMethod(v as "bank_transfer" | "check")}
          data={[
            { value: "bank_transfer", label: t`Bank transfer` },
            { value: "check", label: t`Check` },
          ]}
        />
        <TextInput
          label={t`Transfer reference or check number`}
          maxLength={200}
          value={reference}
          onChange={(e) => setReference(e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t`Received on`}
          max={today()}
          value={receivedOn}
          onChange={(e) => setReceivedOn(e.currentTarget.value)}
        />
      </Confirm>

      <Confirm
        opened={dialog?.kind === "override"}
        title={t`Go ahead without payment?`}
        onClose={() => setDialog(null)}
        busy={busy}
        color="orange"
        action={<Trans>Override</Trans>}
        onConfirm={() => {
          if (!inv || message.trim().length < 3) return;
          void run(() => staffApi.override(inv.id, message.trim()), t`Invoice overridden`);
        }}
      >
        <Text size="sm">
          <Trans>
            The invoice stays unpaid, and the filing may go on to mapping and filing. The reason is kept.
          </Trans>
        </Text>
        <Textarea
          label={t`Reason`}
          autosize
          minRows={2}
          maxLength={2000}
          required
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
        />
      </Confirm>
    </Stack>
  );
}
