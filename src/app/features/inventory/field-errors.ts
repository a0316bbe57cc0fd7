/**
 * The shared inventory rules (`src/domain/inventory/validate.ts`) answer English messages,
 * because the API and the import use them too. A form shows each under its field, so it needs
 * them in the person's language: `classifyFieldError` recognises what kind of problem a message
 * names, and `fieldErrorText` says it in a short translated sentence (the field's label is right
 * above it). A message of an unknown shape is shown as it is rather than hidden.
 */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { formatCents } from "../../../domain/money";

export type FieldErrorKind =
  | { kind: "required" }
  | { kind: "tooLong"; max: number }
  | { kind: "negative" }
  | { kind: "tooLarge"; max: number }
  | { kind: "priceTooLarge"; maxCents: number }
  | { kind: "notNumber" }
  | { kind: "notWhole" }
  | { kind: "notInList" }
  | { kind: "tooMany"; max: number }
  | { kind: "other"; message: string };

/** What kind of problem a validate.ts message names. */
export function classifyFieldError(message: string): FieldErrorKind {
  const num = (re: RegExp) => {
    const m = message.match(re);
    return m ? Number(m[1]) : null;
  };
  if (/ is required$/.test(message)) return { kind: "required" };
  const tooLong = num(/ must be at most (\d+) characters$/);
  if (tooLong !== null) return { kind: "tooLong", max: tooLong };
  const priceMax = num(/^Price must be at most (\d+) cents$/);
  if (priceMax !== null) return { kind: "priceTooLarge", maxCents: priceMax };
  const tooLarge = num(/ must be at most (\d+)$/);
  if (tooLarge !== null) return { kind: "tooLarge", max: tooLarge };
  if (/ cannot be negative$/.test(message)) return { kind: "negative" };
  if (/ must be a whole number( of cents)?$/.test(message)) return { kind: "notWhole" };
  if (/ must be a number$/.test(message)) return { kind: "notNumber" };
  if (/ must be one of: /.test(message)) return { kind: "notInList" };
  const tooMany = num(/^At most (\d+) /);
  if (tooMany !== null) return { kind: "tooMany", max: tooMany };
  return { kind: "other", message };
}

/** The message in the person's language, for showing under its field. */
export function fieldErrorText(i18n: I18n, message: string): string {
  const c = classifyFieldError(message);
  switch (c.kind) {
    case "required":
      return i18n._(msg`This field is required`);
    case "tooLong": {
      const max = c.max;
      return i18n._(msg`At most ${max} characters`);
    }
    case "negative":
      return i18n._(msg`Cannot be negative`);
    case "tooLarge": {
      const max = c.max.toLocaleString(i18n.locale);
      return i18n._(msg`At most ${max}`);
    }
    case "priceTooLarge": {
      const max = formatCents(c.maxCents);
      return i18n._(msg`At most ${max}`);
    }
    case "notWhole":
      return i18n._(msg`Enter a whole number`);
    case "notNumber":
      return i18n._(msg`Enter a number`);
    case "notInList":
      return i18n._(msg`Choose a value from the list`);
    case "tooMany": {
      const max = c.max;
      return i18n._(msg`At most ${max} entries`);
    }
    case "other":
      return c.message;
  }
}
