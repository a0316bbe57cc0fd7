/**
 * Where the describe queue comes from. Kept apart from queue.ts (which reads Dexie) because the
 * route's search validation runs in the eagerly loaded route tree: importing queue.ts there put
 * Dexie into the landing page's bundle.
 */
export type QueueSource = "todo" | "batch" | "search";
const QUEUE_SOURCES: readonly QueueSource[] = ["todo", "batch", "search"];
export const isQueueSource = (v: unknown): v is QueueSource =>
  typeof v === "string" && (QUEUE_SOURCES as readonly string[]).includes(v);
