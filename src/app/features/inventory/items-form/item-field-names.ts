/**
 * Names of the item fields as a person reads them (spec section 5: "Inventory title",
 * "Description", "Quantity"), for the item forms, their errors and the sync screen's
 * "what you wrote" and conflict choices.
 */
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ItemFields } from "../../../../domain/inventory/item";

export const ITEM_FIELD_NAMES: Record<keyof ItemFields, MessageDescriptor> = {
  batchId: msg`Batch`,
  productId: msg`Product`,
  sku: msg`SKU`,
  barcode: msg`Barcode / UPC`,
  title: msg`Inventory title`,
  description: msg`Description`,
  quantity: msg`Quantity`,
  condition: msg`Condition`,
  price: msg`Price`,
  category: msg`Category`,
  dimensions: msg`Dimensions`,
  weight: msg`Weight`,
  location: msg`Storage location / bin`,
  status: msg`Status`,
  publicationStatus: msg`Publication status`,
  photos: msg`Photos`,
  notes: msg`Notes`,
  ebay: msg`eBay category and item specifics`,
};

/** Names of the parts of a field the validator reports on their own ("dimensions.length"). */
const PART_NAMES: Record<string, MessageDescriptor> = {
  "dimensions.length": msg`Length`,
  "dimensions.width": msg`Width`,
  "dimensions.height": msg`Height`,
  "dimensions.unit": msg`Dimension unit`,
  "weight.value": msg`Weight`,
  "weight.unit": msg`Weight unit`,
};

/** A record field path's name ("title" → "Inventory title", "dimensions.width" → "Width"). */
function itemFieldName(i18n: I18n, path: string): string {
  const part = PART_NAMES[path];
  if (part) return i18n._(part);
  const field = ITEM_FIELD_NAMES[path as keyof ItemFields];
  return field ? i18n._(field) : path;
}

/**
 * The validator's English message (validate.ts) in the person's language: recognised by its
 * shape and rebuilt with the field's translated name; an unknown message is shown as it is.
 */
export function translateItemError(i18n: I18n, path: string, message: string): string {
  const name = itemFieldName(i18n, path);
  if (/ is required$/.test(message)) return i18n._(msg`${name} is required`);
  const tooLong = message.match(/must be at most (\d+) characters$/);
  if (tooLong) return i18n._(msg`${name} must be at most ${Number(tooLong[1])} characters`);
  if (/must be a whole number of cents$/.test(message))
    return i18n._(msg`Enter a price in dollars and cents, e.g. 12.50`);
  if (/must be a whole number$/.test(message)) return i18n._(msg`${name} must be a whole number`);
  if (/cannot be negative$/.test(message)) return i18n._(msg`${name} cannot be negative`);
  const tooLarge = message.match(/must be at most (\d+)( cents)?$/);
  if (tooLarge) {
    const max = Number(tooLarge[1]);
    const shown = tooLarge[2]
      ? i18n.number(max / 100, { style: "currency", currency: "USD" })
      : i18n.number(max);
    return i18n._(msg`${name} must be at most ${shown}`);
  }
  if (/must be a number$/.test(message)) return i18n._(msg`${name} must be a number`);
  if (/must be one of|must be an id/.test(message))
    return i18n._(msg`${name}: choose one of the listed values`);
  return message;
}
