/**
 * The describe form's save (pure, unit tested): the values shown are the item's with the
 * person's edits over them; saving checks them with the shared rules (validateItemFields, via
 * the item form's conversion) and sends only the fields that changed, plus the move from
 * `new` to `pending` that takes the item out of the to-describe queue.
 */
import type { Item, ItemFields } from "../../../../domain/inventory/item";
import {
  changedFormFields,
  type FormError,
  type ItemFormValues,
  itemToFormValues,
  validateItemForm,
} from "../items-form/item-form-values";
import { DESCRIBE_FIELDS, type DescribeEdits, type DescribeField } from "./drafts";
import { DESCRIBED, TO_DESCRIBE } from "./queue";

export function describeValues(item: Item, edits: DescribeEdits): ItemFormValues {
  return { ...itemToFormValues(item), ...edits };
}

export type DescribeErrors = Partial<Record<DescribeField, FormError>>;

export type SavePlan =
  | { ok: true; changes: Partial<ItemFields> }
  | { ok: false; errors: DescribeErrors; first: DescribeField };

export function planSave(item: Item, edits: DescribeEdits): SavePlan {
  const before = itemToFormValues(item);
  const after = { ...before, ...edits };
  const all = validateItemForm(after);
  const errors: DescribeErrors = {};
  for (const f of DESCRIBE_FIELDS) if (all[f]) errors[f] = all[f];
  const first = DESCRIBE_FIELDS.find((f) => errors[f]);
  if (first) return { ok: false, errors, first };
  const changes: Partial<ItemFields> = changedFormFields(before, after);
  if (item.status === TO_DESCRIBE) changes.status = DESCRIBED;
  return { ok: true, changes };
}

/** Edits left after dropping those equal to the item's values (typing a value back undoes an edit). */
export function effectiveEdits(item: Item, edits: DescribeEdits): DescribeEdits {
  const base = itemToFormValues(item);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(edits)) {
    if (String(base[k as DescribeField] ?? "") !== String(v ?? "")) out[k] = v;
  }
  return out as DescribeEdits;
}
