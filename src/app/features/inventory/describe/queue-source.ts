/**
 * Where the describe queue comes from. Kept apart from queue.ts (which reads Dexie) because the
 * route's search validation runs in the eagerly loaded route tree: importing queue.ts there put
 * Dexie into the landing page's bundle.
 */
export type QueueSource = "todo" | "batch" | "search";
const QUEUE_SOURCES: readonly QueueSource[] = ["todo", "batch", "search"];
const isQueueSource = (v: unknown): v is QueueSource =>
  typeof v === "string" && (QUEUE_SOURCES as readonly string[]).includes(v);

/** The describe screen's search (?source=todo|batch|search &batch= &q= &item=), for its routes. */
export interface DescribeSearch {
  source?: QueueSource;
  batch?: string;
  q?: string;
  item?: string;
}

const text = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v : undefined);

export function parseDescribeSearch(search: Record<string, unknown>): DescribeSearch {
  const out: DescribeSearch = {};
  if (isQueueSource(search.source)) out.source = search.source;
  const batch = text(search.batch);
  const q = text(search.q);
  const item = text(search.item);
  if (batch) out.batch = batch;
  if (q) out.q = q;
  if (item) out.item = item;
  return out;
}
