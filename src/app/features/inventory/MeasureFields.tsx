/**
 * The measure rows of the item and product forms: the dimensions (length, width, height and
 * their unit) or the weight (a value and its unit). Amounts take no negatives and up to three
 * decimals; the unit is a select of the named units. Each input is bound with the form's
 * `getInputProps`, so its value, changes and the error under it come from the form. Only the
 * inputs are rendered: the caller lays them out (in one grid, or a fieldset each).
 */
import { useLingui } from "@lingui/react/macro";
import { NumberInput, Select } from "@mantine/core";
import type { GetInputPropsReturnType } from "@mantine/form";
import { DIMENSION_UNITS, WEIGHT_UNITS } from "../../../domain/inventory/item";
import { DIMENSION_UNIT_LABELS, WEIGHT_UNIT_LABELS } from "./field-labels";

/** The form fields these inputs bind (named alike in the item and the product form values). */
export type MeasureField = "length" | "width" | "height" | "dimensionUnit" | "weight" | "weightUnit";

export type MeasureFieldsProps = {
  /** The form's `getInputProps`. */
  inputProps: (field: MeasureField) => GetInputPropsReturnType;
  /** The largest amount accepted (clamped on blur); no limit when left out. */
  max?: number;
} & (
  | { measure: "dimensions" }
  | {
      measure: "weight";
      /** The label of the weight's value (the unit is "Weight unit"). */
      valueLabel: string;
    }
);

export function MeasureFields(props: MeasureFieldsProps) {
  const { t, i18n } = useLingui();
  const { inputProps, max } = props;

  const amount = (field: MeasureField, label: string) => (
    <NumberInput
      label={label}
      min={0}
      allowNegative={false}
      decimalScale={3}
      max={max}
      {...inputProps(field)}
    />
  );
  const unit = <U extends string>(
    field: MeasureField,
    label: string,
    units: readonly U[],
    names: Record<U, { id: string }>,
  ) => (
    <Select
      label={label}
      data={units.map((u) => ({ value: u, label: i18n._(names[u]) }))}
      allowDeselect={false}
      {...inputProps(field)}
    />
  );

  if (props.measure === "weight")
    return (
      <>
        {amount("weight", props.valueLabel)}
        {unit("weightUnit", t`Weight unit`, WEIGHT_UNITS, WEIGHT_UNIT_LABELS)}
      </>
    );
  return (
    <>
      {amount("length", t`Length`)}
      {amount("width", t`Width`)}
      {amount("height", t`Height`)}
      {unit("dimensionUnit", t`Dimension unit`, DIMENSION_UNITS, DIMENSION_UNIT_LABELS)}
    </>
  );
}
