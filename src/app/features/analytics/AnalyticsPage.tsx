import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Badge,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconAlertTriangle, IconChartBar } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import {
  type AnalyticsScope,
  type AnalyticsSeriesName,
  lastMonths,
} from "../../../domain/analytics/analytics";
import { FILING_STATES, type FilingState } from "../../../domain/filing";
import { ROLES } from "../../../domain/roles";
import { useCompanyId } from "../../offline/company-context";
import { MonthlyBars } from "../../ui/charts/MonthlyBars";
import { usePageTitle } from "../../ui/usePageTitle";
import { useAuth } from "../auth/auth-context";
import { STATE_LABELS } from "../filing/labels";
import { analyticsQueries } from "./analytics-api";

const RANGES = ["3", "6", "12", "24"] as const;
const isFilingState = (s: string): s is FilingState => (FILING_STATES as readonly string[]).includes(s);

const SERIES: { name: AnalyticsSeriesName; label: MessageDescriptor; money?: true; color: string }[] = [
  { name: "statementsUploaded", label: msg`Statements uploaded`, color: "blue.6" },
  { name: "statementsExtracted", label: msg`Statements extracted`, color: "cyan.7" },
  { name: "invoicesPaid", label: msg`Invoices paid`, color: "teal.7" },
  { name: "invoicesPaidCents", label: msg`Invoice payments`, money: true, color: "green.7" },
  { name: "itemsImported", label: msg`Items imported`, color: "violet.6" },
  { name: "itemsListed", label: msg`Items listed on eBay`, color: "indigo.6" },
  { name: "itemsSold", label: msg`Items sold`, color: "grape.6" },
  { name: "ebayRevenueCents", label: msg`eBay revenue`, money: true, color: "orange.7" },
];

/** The company's own figures per month (spec section 2, `/dashboard/analytics`). */
export function AnalyticsPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Analytics`);
  const { hasRole } = useAuth();
  const superAdmin = hasRole([ROLES.SUPER_ADMIN]);
  const companyId = useCompanyId();
  const [months, setMonths] = useState<(typeof RANGES)[number]>("12");
  const [scope, setScope] = useState<AnalyticsScope>("company");
  const range = lastMonths(new Date(), Number(months));
  const query = useQuery(analyticsQueries.figures(companyId, { ...range, scope }));

  const count = new Intl.NumberFormat(i18n.locale);
  const money = new Intl.NumberFormat(i18n.locale, { style: "currency", currency: "USD" });
  const monthFormat = new Intl.DateTimeFormat(i18n.locale, {
    month: "short",
    year: "2-digit",
    timeZone: "UTC",
  });
  const monthLabel = (m: string) => monthFormat.format(new Date(`${m}-01T00:00:00Z`));
  const data = query.data;
  const empty =
    data &&
    data.filingsByState.length === 0 &&
    Object.values(data.series).every((values) => values.every((v) => v === 0));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1}>
            <Trans>Analytics</Trans>
          </Title>
          <Text c="dimmed" size="sm">
            {scope === "all" ? (
              <Trans>Every company's figures per month</Trans>
            ) : (
              <Trans>Your company's figures per month</Trans>
            )}
          </Text>
        </div>
        <Group gap="sm">
          {superAdmin && (
            <SegmentedControl
              aria-label={t`Whose figures`}
              value={scope}
              onChange={(v) => setScope(v as AnalyticsScope)}
              data={[
                { value: "company", label: t`My company` },
                { value: "all", label: t`Whole product` },
              ]}
            />
          )}
          <SegmentedControl
            aria-label={t`Range`}
            value={months}
            onChange={(v) => setMonths(v as (typeof RANGES)[number])}
            data={RANGES.map((r) => ({ value: r, label: t`${r} mo` }))}
          />
        </Group>
      </Group>

      {query.isError && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t`The figures could not be loaded`}>
          {query.error.message}
        </Alert>
      )}
      {query.isPending && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label={t`Loading the figures`}>
          {SERIES.map((s) => (
            <Skeleton key={s.name} h={220} radius="md" />
          ))}
        </SimpleGrid>
      )}
      {empty && (
        <Alert color="gray" icon={<IconChartBar size={18} />} title={t`Nothing in this range yet`}>
          <Trans>
            Upload statements, import items or sell on eBay, and your figures appear here month by month.
          </Trans>
        </Alert>
      )}
      {data && !empty && (
        <>
          <Paper withBorder p="md" radius="md">
            <Title order={2} size="h5" mb="sm">
              <Trans>Filings by state</Trans>
            </Title>
            {data.filingsByState.length === 0 ? (
              <Text c="dimmed" size="sm">
                <Trans>No filings were opened in this range.</Trans>
              </Text>
            ) : (
              <Group gap="xs" data-testid="filings-by-state">
                {data.filingsByState.map((f) => (
                  <Badge key={f.state} variant="light" size="lg">
                    {isFilingState(f.state) ? i18n._(STATE_LABELS[f.state]) : f.state}:{" "}
                    {count.format(f.count)}
                  </Badge>
                ))}
              </Group>
            )}
          </Paper>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {SERIES.map((s) => (
              <MonthlyBars
                key={s.name}
                title={i18n._(s.label)}
                months={data.months}
                values={data.series[s.name]}
                format={(v) => (s.money ? money.format(v / 100) : count.format(v))}
                monthLabel={monthLabel}
                color={s.color}
              />
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
