import { Table, VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";

export interface Column<Row> {
  header: string;
  cell(row: Row): ReactNode;
  /** Shown only from this breakpoint up, so the table fits a phone without scrolling sideways. */
  visibleFrom?: "xs" | "sm" | "md";
  align?: "right";
}

/** A plain table of sample rows; less important columns hide on small screens. */
export function SampleTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): string;
}) {
  return (
    <Table verticalSpacing="xs" striped highlightOnHover>
      <VisuallyHidden component="caption">{caption}</VisuallyHidden>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c.header} visibleFrom={c.visibleFrom} ta={c.align}>
              {c.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)}>
            {columns.map((c) => (
              <Table.Td key={c.header} visibleFrom={c.visibleFrom} ta={c.align}>
                {c.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
