/**
 * Inventory's synced types (src/domain/sync/entity.ts): the first users of the sync module.
 * The app's engine, the service worker and the server's route factory and feed read these.
 */
import { defineSyncedType } from "../sync/entity";
import { ITEM_MERGE_FIELDS } from "./item";

export const ITEM_TYPE = defineSyncedType({
  entity: "item",
  path: "/api/inventory/items",
  fields: ITEM_MERGE_FIELDS,
  scope: "company",
  localTable: "items",
});

export const PRODUCT_TYPE = defineSyncedType({
  entity: "product",
  path: "/api/inventory/products",
  fields: ["title", "description", "category", "condition", "dimensions", "weight", "price", "images"],
  scope: "company",
  localTable: "products",
});

export const BATCH_TYPE = defineSyncedType({
  entity: "batch",
  path: "/api/inventory/batches",
  fields: ["name", "sourceFileName", "rowCount"],
  scope: "company",
  localTable: "batches",
});

export const INVENTORY_TYPES = [BATCH_TYPE, ITEM_TYPE, PRODUCT_TYPE] as const;
