import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Skeleton, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { formatAmount } from "../files/preview/line-items";
import { mappingQueries } from "./api";

/** This year's mapped figures beside last year's, per field of the form. */
export function ComparePanel({ fileId }: { fileId: string }) {
  const { t, i18n } = useLingui();
  const q = useQuery(mappingQueries.compare(fileId));
  if (q.isPending) return <Skeleton height={120} />;
  if (q.isError)
    return (
      <Alert color="red" title={t`The comparison could not be loaded`}>
        {q.error.message}
      </Alert>
    );
  const money = (n: number | null) => (n === null ? "—" : formatAmount(n, i18n.locale));
  const rows = q.data.rows.filter((r) => r.thisYear !== null || r.lastYear !== null);
  const year = q.data.lastYear?.filingYear;
  return (
    <>
      <Text size="sm" c="dimmed" mb="xs">
        {q.data.lastYear
          ? t`Compared with the filing year ${year}.`
          : t`No mapping of this property for last year.`}
      </Text>
      <Table.ScrollContainer minWidth={360}>
        <Table fz="xs" striped data-testid="compare">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Field</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>Last year</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>This year</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>Change</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.fieldId}>
                <Table.Td>
                  {r.section} {r.line} · {r.label}
                </Table.Td>
                <Table.Td ta="right">{money(r.lastYear)}</Table.Td>
                <Table.Td ta="right">{money(r.thisYear)}</Table.Td>
                <Table.Td ta="right">
                  {money(r.change)}
                  {r.changeRatio !== null &&
                    ` (${i18n.number(r.changeRatio, { style: "percent", maximumFractionDigits: 0 })})`}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
