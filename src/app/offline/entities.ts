/** What the sync engine knows per synced record type: its API path and the fields a person edits. */
import { ITEM_MERGE_FIELDS, type SyncEntity } from "../../domain/inventory/item";

export interface EntityConfig {
  path: string;
  /** Fields merged after a 409 and compared for PATCH bodies. */
  fields: readonly string[];
}

export const ENTITIES: Record<SyncEntity, EntityConfig> = {
  item: { path: "/api/inventory/items", fields: ITEM_MERGE_FIELDS },
  product: {
    path: "/api/inventory/products",
    fields: ["title", "description", "category", "condition", "dimensions", "weight", "price", "images"],
  },
  batch: { path: "/api/inventory/batches", fields: ["name", "sourceFileName", "rowCount"] },
};

export const recordUrl = (entity: SyncEntity, id: string) =>
  `${ENTITIES[entity].path}/${encodeURIComponent(id)}`;
