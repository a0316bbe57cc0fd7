/**
 * Labels of the inventory code lists (spec section 3): condition codes, categories, dimension
 * and weight units, publication status. Shared by the item and product forms, the lists and the
 * listing page, so each value is named the same way everywhere and translated once.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type {
  DimensionUnit,
  ItemCategory,
  ItemCondition,
  PublicationStatus,
  WeightUnit,
} from "../../../domain/inventory/item";

export const CONDITION_LABELS: Record<ItemCondition, MessageDescriptor> = {
  5: msg`New`,
  13: msg`Used`,
};

export const CATEGORY_LABELS: Record<ItemCategory, MessageDescriptor> = {
  product: msg`Product`,
  inventory: msg`Inventory`,
};

export const DIMENSION_UNIT_LABELS: Record<DimensionUnit, MessageDescriptor> = {
  INCH: msg`Inches`,
  FEET: msg`Feet`,
  CENTIMETER: msg`Centimeters`,
  METER: msg`Meters`,
};

export const WEIGHT_UNIT_LABELS: Record<WeightUnit, MessageDescriptor> = {
  POUND: msg`Pounds`,
  KILOGRAM: msg`Kilograms`,
  OUNCE: msg`Ounces`,
  GRAM: msg`Grams`,
};

export const PUBLICATION_STATUS_LABELS: Record<PublicationStatus, MessageDescriptor> = {
  0: msg`Unpublished`,
  1: msg`Published`,
  2: msg`Deleted`,
};

/** Mantine colour names for publication badges. */
export const PUBLICATION_STATUS_COLORS: Record<PublicationStatus, string> = {
  0: "gray",
  1: "green",
  2: "red",
};
