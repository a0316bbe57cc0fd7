/**
 * Labels and colours of the twelve item statuses (spec section 3; stored as snake_case in
 * `ITEM_STATUSES`). Every inventory screen shows a status through these, so the words are the
 * same everywhere and translated once.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { ITEM_STATUSES, type ItemStatus } from "../../../domain/inventory/item";

export const ITEM_STATUS_LABELS: Record<ItemStatus, MessageDescriptor> = {
  new: msg`New`,
  pending: msg`Pending`,
  active: msg`Active`,
  sold: msg`Sold`,
  unavailable: msg`Unavailable`,
  awaiting_shipment: msg`Awaiting shipment`,
  shipped: msg`Shipped`,
  delivered: msg`Delivered`,
  listed: msg`Listed`,
  withdrawn_from_ebay: msg`Withdrawn from eBay`,
  deleted_from_ebay: msg`Deleted from eBay`,
  waiting_for_pending: msg`Waiting for pending`,
};

/** Mantine colour names for status badges. */
export const ITEM_STATUS_COLORS: Record<ItemStatus, string> = {
  new: "blue",
  pending: "yellow",
  active: "green",
  sold: "grape",
  unavailable: "gray",
  awaiting_shipment: "orange",
  shipped: "cyan",
  delivered: "teal",
  listed: "indigo",
  withdrawn_from_ebay: "pink",
  deleted_from_ebay: "red",
  waiting_for_pending: "lime",
};

export function isItemStatus(value: unknown): value is ItemStatus {
  return typeof value === "string" && (ITEM_STATUSES as readonly string[]).includes(value);
}
