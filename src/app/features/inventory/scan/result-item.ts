/**
 * Which item the result card shows for the latest scan: none while its lookup runs, then that
 * scan's own item — the live row when it is that item (undo, sync), never another scan's row.
 */
import type { Item } from "../../../../domain/inventory/item";
import type { ScanEntry } from "./scan-session";

/** The result card: the code at once, then the item that scan found or made. */
export type LatestScan =
  | { mark: string; code: string; status: "looking" }
  | { mark: string; code: string; status: "done"; entry: ScanEntry; item: Item };

export function resultItem(latest: LatestScan | null, live: Item | undefined): Item | null {
  if (latest?.status !== "done") return null;
  return live?.id === latest.entry.itemId ? live : latest.item;
}
