/**
 * One item or product from the local database, for the edit pages. Dexie answers at once
 * offline; when the row is not there (a link opened before the first pull finished, or a
 * record another device just made) the server is asked once, and only then is it "missing".
 */
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useState } from "react";
import type { Item, Product } from "../../../../domain/inventory/item";
import { getDb } from "../../../offline/db";
import { useSyncEngine } from "../../../offline/sync-engine";

export type LocalRecord<T> =
  | { state: "loading" }
  | { state: "found"; row: T }
  /** Not here and not on the server (or the server could not be asked: `offline`). */
  | { state: "missing"; offline: boolean };

type Entities = { item: Item; product: Product };

export function useLocalRecord<E extends keyof Entities>(entity: E, id: string): LocalRecord<Entities[E]> {
  const engine = useSyncEngine();
  const row = useLiveQuery(
    async () => {
      const db = getDb();
      const table = entity === "item" ? db.items : db.products;
      return ((await table.get(id)) ?? null) as Entities[E] | null;
    },
    [entity, id],
    undefined,
  );
  const [asked, setAsked] = useState<{ id: string; offline: boolean } | null>(null);

  useEffect(() => {
    if (row !== null || asked?.id === id) return;
    let live = true;
    engine
      .refreshRecord(entity, id)
      .then(() => live && setAsked({ id, offline: false }))
      .catch(() => live && setAsked({ id, offline: true }));
    return () => {
      live = false;
    };
  }, [row, asked, id, entity, engine]);

  if (row === undefined) return { state: "loading" };
  if (row) return { state: "found", row };
  if (asked?.id !== id) return { state: "loading" };
  return { state: "missing", offline: asked.offline };
}
