/** Item writes through the outbox with the domain types and the app's synced types, for tests. */
import type { Item, ItemFields } from "../../domain/inventory/item";
import { deleteRecord, newId, patchRecord, putRecord, type WriteContext } from "../../sync/outbox";
import type { BlocklotDb } from "./db";
import { SYNCED_TYPES } from "./synced-types";

type Ctx = Omit<WriteContext<BlocklotDb>, "types"> & { types?: WriteContext["types"] };
const full = (ctx: Ctx): WriteContext<BlocklotDb> => ({ types: SYNCED_TYPES, ...ctx });

export const itemWrites = {
  create: (ctx: Ctx, companyId: string, fields: ItemFields, id = newId()) =>
    putRecord<Item>(full(ctx), "item", companyId, id, fields as unknown as Record<string, unknown>),
  update: (ctx: Ctx, id: string, changes: Partial<ItemFields>) =>
    patchRecord<Item>(full(ctx), "item", id, changes as Record<string, unknown>),
  remove: (ctx: Ctx, id: string) => deleteRecord(full(ctx), "item", id),
};
