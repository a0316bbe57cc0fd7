import { useLingui } from "@lingui/react/macro";
import { Select } from "@mantine/core";
import { forwardRef, useMemo } from "react";
import { EXCLUDED, IGNORE_SUBTOTAL, SPLIT } from "../../../domain/statement-mapping/mapping";
import { type Catalogue, fieldGroups, SPECIAL_LABELS } from "./fields";

/**
 * The target of one line: a field of the form (type-ahead over "section line · label"),
 * "excluded", "ignore: subtotal" or "split". Opened from the keyboard with Enter.
 */
export const FieldPicker = forwardRef<
  HTMLInputElement,
  {
    lineLabel: string;
    value: string | null;
    catalogue: Catalogue;
    isTotal: boolean;
    opened: boolean;
    disabled?: boolean;
    onOpen: () => void;
    onClose: () => void;
    onChange: (target: string | null) => void;
  }
>(function FieldPicker(
  { lineLabel, value, catalogue, isTotal, opened, disabled, onOpen, onClose, onChange },
  ref,
) {
  const { t, i18n } = useLingui();
  const data = useMemo(
    () => [
      ...fieldGroups(catalogue, isTotal),
      {
        group: t`Other`,
        items: [EXCLUDED, IGNORE_SUBTOTAL, SPLIT].map((v) => ({
          value: v,
          label: i18n._(SPECIAL_LABELS[v] as never),
        })),
      },
    ],
    [catalogue, isTotal, t, i18n],
  );
  return (
    <Select
      ref={ref}
      aria-label={t`Field for ${lineLabel}`}
      placeholder={t`Choose a field`}
      data={data}
      value={value}
      searchable
      selectFirstOptionOnChange
      clearable
      limit={60}
      maxDropdownHeight={320}
      nothingFoundMessage={t`No field matches`}
      dropdownOpened={opened}
      onDropdownOpen={onOpen}
      onDropdownClose={onClose}
      onChange={(v) => onChange(v)}
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
      size="xs"
      data-testid="field-picker"
    />
  );
});
