import { useLingui } from "@lingui/react/macro";
import { Select } from "@mantine/core";
import type { DefaultColumn } from "../../../domain/line-items";
import type { MappingView } from "./api";
import type { MappingEditor } from "./use-mapping-editor";

/** Why extraction chose its default column, in the staff's language. */
function useWhy() {
  const { t } = useLingui();
  return (d: DefaultColumn, label: string): string => {
    switch (d.why) {
      case "none":
        return t`The statement has no amount columns`;
      case "only":
        return t`The only amount column`;
      case "twelve-month-total":
        return t`Suggested: "${label}", the 12-month total, not one month`;
      case "total":
        return t`Suggested: "${label}", the annual total`;
      case "ytd":
        return t`Suggested: "${label}": at the statement's year end, year to date is the year's figure`;
      case "statement-year":
        return t`Suggested: "${label}", the statement year, not the earlier year beside it`;
      case "year":
        return t`Suggested: "${label}", the year's column`;
      case "first-actual":
        return t`Suggested: "${label}", the first column of actual figures (no column says year to date, total or the statement year)`;
    }
  };
}

/**
 * Which of the statement's columns the mapping counts, for the whole file at once: starts
 * at the statement year's annual figure, with the reason shown.
 */
export function ColumnSelect({ editor, view }: { editor: MappingEditor; view: MappingView }) {
  const { t } = useLingui();
  const why = useWhy();
  const { columns, defaultColumn } = view.extraction;
  const doc = editor.doc;
  if (!doc || columns.length < 2) return null;
  const suggested = columns[defaultColumn.index];
  return (
    <Select
      label={t`Amounts from column`}
      data={columns.map((c, i) => ({ value: String(i), label: c.label }))}
      value={String(doc.column)}
      allowDeselect={false}
      disabled={editor.readOnly}
      onChange={(v) => v !== null && editor.edit((d) => ({ ...d, column: Number(v) }))}
      description={suggested ? why(defaultColumn, suggested.label) : undefined}
      w={{ base: "100%", sm: 320 }}
      data-testid="mapping-column"
    />
  );
}
