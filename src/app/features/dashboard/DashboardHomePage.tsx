/**
 * The dashboard home (docs/dashboard.md): what needs the company's attention, each a link, from
 * one request; sections only for the areas the company uses; readable at a glance on a phone.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Anchor,
  Button,
  Card,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { Attention } from "../../../domain/dashboard/attention";
import { errorText } from "../../lib/error-text";
import { useCompanyId } from "../../offline/company-context";
import { useOutboxStatus } from "../../offline/use-outbox-status";
import { usePageTitle } from "../../ui/usePageTitle";
import { useAuth } from "../auth/auth-context";
import { AttentionCard } from "./AttentionCard";
import { type AttentionCardKey, type AttentionSectionKey, attentionSections } from "./attention-sections";
import { useAttention } from "./use-attention";

const GRID = { base: 1, sm: 2, lg: 3 } as const;

/** "1012340056" → "1-01234-0056" */
const dashedBbl = (bbl: string) => `${bbl.slice(0, 1)}-${bbl.slice(1, 6)}-${bbl.slice(6)}`;

/** A row of a card: one line, cut short with an ellipsis on a narrow screen. */
const ROW = { size: "sm", display: "block", truncate: "end" } as const;

function LoadingCards() {
  const { t } = useLingui();
  return (
    <SimpleGrid cols={GRID} aria-busy="true" aria-label={t`Loading what needs your attention`}>
      {[0, 1, 2].map((n) => (
        <Card key={n} withBorder radius="md" padding="md">
          <Skeleton height={18} width="60%" mb="sm" />
          <Skeleton height={12} mb={6} />
          <Skeleton height={12} width="80%" />
        </Card>
      ))}
    </SimpleGrid>
  );
}

function AllClear() {
  return (
    <Card withBorder radius="md" padding="xl" data-testid="attention-all-clear">
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={48} radius="xl" color="teal" variant="light">
          <IconCircleCheck size={28} aria-hidden="true" />
        </ThemeIcon>
        <Title order={2} size="h4">
          <Trans>Nothing needs your attention</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>Deadlines, files, quotes, invoices and items that wait for you will show up here.</Trans>
        </Text>
      </Stack>
    </Card>
  );
}

function useCards(a: Attention, unsynced: number) {
  const { t, i18n } = useLingui();
  const usd = (dollars: number) =>
    i18n.number(dollars, { style: "currency", currency: "USD", maximumFractionDigits: 0 });
  const cents = (c: number) => i18n.number(c / 100, { style: "currency", currency: "USD" });
  const day = (iso: string) =>
    i18n.date(new Date(`${iso}T12:00:00Z`), { dateStyle: "medium", timeZone: "UTC" });
  const more = (to: string, label: string) => (
    <Anchor component={Link} to={to} size="sm" fw={500}>
      {label}
    </Anchor>
  );

  const { deadlines, files, quotes, invoices } = a.rpie;
  const { toDescribe, listingErrors } = a.inventory;
  const first = deadlines.top[0];

  const cards: Record<AttentionCardKey, (count: number) => ReactNode> = {
    deadlines: (count) => (
      <AttentionCard
        testId="attention-deadlines"
        title={<Trans>RPIE filings due</Trans>}
        count={count}
        color="red"
        summary={
          first ? (
            <Trans>
              Due {day(first.deadline)}: up to {usd(deadlines.penaltyAtRisk)} in late-filing penalties at
              risk.
            </Trans>
          ) : null
        }
        rows={deadlines.top.map((d) => ({
          key: d.propertyId,
          node: (
            <Anchor
              {...ROW}
              renderRoot={(props) => (
                <Link
                  {...props}
                  to="/dashboard/filings"
                  search={{ property: d.propertyId, year: d.filingYear }}
                />
              )}
            >
              {usd(d.penaltyIfLate)} ·{" "}
              {d.obligation === "must-file" ? t`RPIE statement` : t`Claim of Exclusion`} ·{" "}
              {d.address ?? dashedBbl(d.bbl)}
            </Anchor>
          ),
        }))}
        action={more("/dashboard/filings", t`Open filings`)}
      />
    ),
    files: (count) => (
      <AttentionCard
        testId="attention-files"
        title={<Trans>Files waiting</Trans>}
        count={count}
        color="orange"
        rows={files.top.map((f) => ({
          key: f.id,
          node: (
            <Anchor
              {...ROW}
              renderRoot={(props) => (
                <Link {...props} to="/dashboard/files/$fileId" params={{ fileId: f.id }} />
              )}
            >
              {f.status === "failed" ? t`Extraction failed` : t`Not extracted yet`} · {f.fileName}
            </Anchor>
          ),
        }))}
        action={more("/dashboard/import-file", t`Open uploads`)}
      />
    ),
    quotes: (count) => (
      <AttentionCard
        testId="attention-quotes"
        title={<Trans>Quotes to accept</Trans>}
        count={count}
        color="blue"
        rows={quotes.top.map((q) => ({
          key: q.id,
          node: (
            <Anchor
              {...ROW}
              renderRoot={(props) => (
                <Link {...props} to="/dashboard/filings" search={{ filing: q.filingId, year: q.year }} />
              )}
            >
              {cents(q.totalCents)} · {t`BBL ${dashedBbl(q.bbl)}, ${q.year}`}
            </Anchor>
          ),
        }))}
        action={more("/dashboard/filings", t`Open filings`)}
      />
    ),
    invoices: (count) => (
      <AttentionCard
        testId="attention-invoices"
        title={<Trans>Invoices due</Trans>}
        count={count}
        color="yellow"
        rows={invoices.top.map((inv) => ({
          key: inv.id,
          node: (
            <Anchor
              {...ROW}
              renderRoot={(props) => (
                <Link {...props} to="/dashboard/invoices/$invoiceId" params={{ invoiceId: inv.id }} />
              )}
            >
              {cents(inv.amountCents)} · {inv.number}
            </Anchor>
          ),
        }))}
        action={more("/dashboard/invoices", t`Open invoices`)}
      />
    ),
    toDescribe: (count) => (
      <AttentionCard
        testId="attention-to-describe"
        title={<Trans>Items to describe</Trans>}
        count={count}
        color="blue"
        rows={toDescribe.top.map((item) => ({
          key: item.id,
          node: (
            <Anchor
              {...ROW}
              renderRoot={(props) => (
                <Link
                  {...props}
                  to="/dashboard/describe-inventory"
                  search={{ source: "todo", item: item.id }}
                />
              )}
            >
              {item.title} · {item.sku}
            </Anchor>
          ),
        }))}
        action={
          <Anchor
            size="sm"
            fw={500}
            renderRoot={(props) => (
              <Link {...props} to="/dashboard/describe-inventory" search={{ source: "todo" }} />
            )}
          >
            {t`Describe and list`}
          </Anchor>
        }
      />
    ),
    listingErrors: (count) => (
      <AttentionCard
        testId="attention-listing-errors"
        title={<Trans>Listings with errors</Trans>}
        count={count}
        color="red"
        rows={listingErrors.top.map((l) => ({
          key: l.itemId,
          node: (
            <Anchor
              {...ROW}
              title={l.error}
              renderRoot={(props) => <Link {...props} to="/dashboard/item/$id" params={{ id: l.itemId }} />}
            >
              {l.title} · {l.error}
            </Anchor>
          ),
        }))}
        action={more("/dashboard/listing", t`Open listings`)}
      />
    ),
    notifications: (count) => (
      <AttentionCard
        testId="attention-notifications"
        title={<Trans>Unread notifications</Trans>}
        count={count}
        color="grape"
        summary={<Trans>Read them under the bell at the top of the page.</Trans>}
      />
    ),
    unsynced: () => (
      <AttentionCard
        testId="attention-unsynced"
        title={<Trans>Changes not synced from this device</Trans>}
        count={unsynced}
        color="orange"
        action={more("/dashboard/sync", t`Open sync`)}
      />
    ),
  };
  return cards;
}

function Sections({ a }: { a: Attention }) {
  const { user } = useAuth();
  const companyId = useCompanyId() ?? user?.companyId ?? undefined;
  const outbox = useOutboxStatus(companyId);
  const unsynced = outbox.waiting + outbox.rejected + outbox.conflicts;
  const cards = useCards(a, unsynced);
  const sections = attentionSections(a, outbox);
  const headings: Record<AttentionSectionKey, ReactNode> = {
    rpie: <Trans>RPIE filings</Trans>,
    inventory: <Trans>Inventory</Trans>,
    messages: <Trans>Messages and this device</Trans>,
  };
  if (sections.length === 0) return <AllClear />;
  return (
    <Stack gap="lg">
      {sections.map((s) => (
        <Stack key={s.key} component="section" gap="sm" aria-labelledby={`attention-${s.key}`}>
          <Title order={2} size="h4" id={`attention-${s.key}`}>
            {headings[s.key]}
          </Title>
          <SimpleGrid cols={GRID}>
            {s.cards.map((c) => (
              <div key={c.key}>{cards[c.key](c.count)}</div>
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}

export function DashboardHomePage() {
  const { t } = useLingui();
  usePageTitle(t`Dashboard`);
  const { user } = useAuth();
  const companyId = useCompanyId() ?? user?.companyId ?? null;
  const attention = useAttention(companyId);
  return (
    <Stack gap="lg" miw={0}>
      <div>
        <Title order={1}>
          <Trans>Dashboard</Trans>
        </Title>
        <Text c="dimmed" size="sm">
          <Trans>What needs your attention</Trans>
        </Text>
      </div>
      {attention.isPending ? (
        <LoadingCards />
      ) : attention.isError ? (
        <Alert color="red" role="alert" title={t`What needs your attention could not be loaded`}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorText(attention.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void attention.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Sections a={attention.data} />
      )}
    </Stack>
  );
}
