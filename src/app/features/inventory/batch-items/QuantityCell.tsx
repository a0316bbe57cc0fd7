import { useLingui } from "@lingui/react/macro";
import { NumberInput, VisuallyHidden } from "@mantine/core";
import { useEffect, useId, useRef, useState } from "react";
import { ITEM_LIMITS } from "../../../../domain/inventory/item";
import { checkQuantity } from "./quantity";

export interface QuantityCellProps {
  itemId: string;
  title: string;
  quantity: number;
  /** Saves through the sync engine; resolves when Dexie holds it (the server follows). */
  onSave: (itemId: string, quantity: number) => Promise<void>;
  /** Tells the page's live region (saved, refused). */
  onMessage: (text: string, kind: "saved" | "error") => void;
}

/**
 * The inline quantity edit: Enter (or leaving the field) saves a whole number from 0 to the
 * limit; Escape puts the saved value back. A refused value stays in the field, marked and
 * explained, until it is fixed or Escape is pressed.
 */
export function QuantityCell({ itemId, title, quantity, onSave, onMessage }: QuantityCellProps) {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState<string | number>(quantity);
  // the value Escape goes back to: the row's, or the one just saved (the list re-reads the
  // batch a moment later, so the row may still show the old value for a few hundred ms)
  const [base, setBase] = useState(quantity);
  const [error, setError] = useState<string | null>(null);
  const editing = useRef(false);
  const skipBlur = useRef(false);
  const errorId = useId();

  // another device, the bulk action or a merge changed it: show it unless the person is typing
  useEffect(() => {
    setBase(quantity);
    if (!editing.current) {
      setDraft(quantity);
      setError(null);
    }
  }, [quantity]);

  const max = ITEM_LIMITS.quantityMax;
  const maxText = i18n.number(max);
  const explain = (reason: "required" | "whole" | "range") =>
    reason === "required"
      ? t`Enter a quantity`
      : reason === "whole"
        ? t`Quantity must be a whole number`
        : t`Quantity must be between 0 and ${maxText}`;

  const save = async (): Promise<boolean> => {
    const check = checkQuantity(draft);
    if (!check.ok) {
      const message = explain(check.reason);
      setError(message);
      onMessage(t`Quantity of ${title} not saved: ${message}`, "error");
      return false;
    }
    setError(null);
    editing.current = false;
    if (check.value === base) {
      setDraft(base);
      return true;
    }
    try {
      await onSave(itemId, check.value);
      setBase(check.value);
      const value = check.value;
      onMessage(t`Quantity of ${title} set to ${value}`, "saved");
      return true;
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      setError(reason);
      onMessage(t`Quantity of ${title} not saved: ${reason}`, "error");
      return false;
    }
  };

  return (
    <>
      <NumberInput
        size="xs"
        w={104}
        value={draft}
        onChange={(v) => {
          editing.current = true;
          setDraft(v);
          if (error) setError(null);
        }}
        onFocus={() => {
          editing.current = true;
        }}
        onBlur={() => {
          if (skipBlur.current) {
            skipBlur.current = false;
            return;
          }
          if (String(draft) === String(base)) {
            editing.current = false;
            return;
          }
          void save();
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            void save();
          } else if (e.key === "Escape") {
            e.preventDefault();
            e.stopPropagation();
            editing.current = false;
            setDraft(base);
            setError(null);
            skipBlur.current = true;
            e.currentTarget.blur();
          }
        }}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator={false}
        clampBehavior="none"
        min={0}
        max={max}
        hideControls
        error={error !== null}
        aria-label={t`Quantity of ${title}`}
        aria-describedby={error ? errorId : undefined}
        data-testid="quantity-input"
      />
      {error && (
        <VisuallyHidden id={errorId} role="alert">
          {error}
        </VisuallyHidden>
      )}
    </>
  );
}
