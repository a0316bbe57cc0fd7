import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Group, Stack, Table, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { formatAmount } from "../files/preview/line-items";
import type { FailedTotal, TotalsRow } from "./api";

const KIND_LABELS: Record<TotalsRow["kind"], MessageDescriptor> = {
  income: msg`Income`,
  expenses: msg`Expenses`,
  noi: msg`Net operating income`,
};

/** The statement's own income, expense and NOI totals beside the mapped form's (a difference is not an error: real estate taxes are left out of the RPIE). */
export function StatementTotals({ rows }: { rows: readonly TotalsRow[] }) {
  const { t, i18n } = useLingui();
  const money = (n: number | null) => (n === null ? "—" : formatAmount(n, i18n.locale));
  if (rows.length === 0) return null;
  return (
    <Table
      withTableBorder
      fz="xs"
      verticalSpacing={4}
      data-testid="statement-totals"
      captionSide="top"
      aria-label={t`The statement's totals beside the mapped totals`}
    >
      <Table.Caption>
        <Trans>The statement's totals beside the mapped totals</Trans>
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th />
          <Table.Th ta="right">
            <Trans>Statement</Trans>
          </Table.Th>
          <Table.Th ta="right">
            <Trans>Mapped</Trans>
          </Table.Th>
          <Table.Th ta="right">
            <Trans>Difference</Trans>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.kind} data-kind={r.kind}>
            <Table.Th scope="row" title={r.statement?.label}>
              {i18n._(KIND_LABELS[r.kind])}
            </Table.Th>
            <Table.Td ta="right" ff="monospace">
              {money(r.statement?.amount ?? null)}
            </Table.Td>
            <Table.Td ta="right" ff="monospace">
              {money(r.mapped)}
            </Table.Td>
            <Table.Td ta="right" ff="monospace" c={r.difference ? "red.8" : undefined}>
              {money(r.difference)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Sections whose total does not add up: likely a misread amount (scans) or a line missing. */
export function FailedTotalsAlert({
  failed,
  onShowLine,
}: {
  failed: readonly FailedTotal[];
  onShowLine: (id: string) => void;
}) {
  const { t, i18n } = useLingui();
  const money = (n: number) => formatAmount(n, i18n.locale);
  if (failed.length === 0) return null;
  return (
    <Alert
      color="red"
      icon={<IconAlertTriangle size={18} />}
      title={t`Totals that do not add up`}
      data-testid="failed-totals"
    >
      <Stack gap={4}>
        {failed.map((f) => {
          const expected = money(f.expected);
          const found = money(f.found);
          return (
            <Group key={f.lineId} justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm">
                {f.section ? `${f.section} · ` : ""}
                {f.label}: {t`lines add up to ${expected}, the total says ${found}`}
              </Text>
              <Button size="compact-xs" variant="subtle" onClick={() => onShowLine(f.lineId)}>
                <Trans>Show the line</Trans>
              </Button>
            </Group>
          );
        })}
      </Stack>
    </Alert>
  );
}
