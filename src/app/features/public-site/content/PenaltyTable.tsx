import "../../../ui/theme/full-styles";
import { Trans, useLingui } from "@lingui/react/macro";
import { Table, Text } from "@mantine/core";
import { penaltyTableRows } from "./penalties";

const ROWS = penaltyTableRows();

/** The 19 RCNY § 33-03 penalty schedule as a table, amounts in US dollars. */
export function PenaltyTable() {
  const { t, i18n } = useLingui();
  const usd = (n: number) => i18n.number(n, { style: "currency", currency: "USD", maximumFractionDigits: 0 });
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped withTableBorder verticalSpacing="xs" fz="sm">
        <Table.Caption>
          <Text fz="xs" c="dimmed" component="span">
            <Trans>
              Penalty for a statement not filed by June 1 (or the extended due date), by the property's final
              actual assessed value. Source: 19 RCNY § 33-03.
            </Trans>
          </Text>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              <Trans>Final actual assessed value</Trans>
            </Table.Th>
            <Table.Th scope="col" ta="right">
              <Trans>Penalty</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ROWS.map((band) => {
            const from = usd(band.from);
            const to = band.to === null ? null : usd(band.to);
            return (
              <Table.Tr key={band.from}>
                <Table.Td>{to === null ? t`${from} and above` : t`${from} to ${to}`}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {usd(band.penalty)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
