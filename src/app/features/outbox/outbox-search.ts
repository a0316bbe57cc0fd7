/**
 * The outbox list's URL search (`/admin/outbox?status=failed&query=ann&page=2`): the shared list
 * search (ui/server-list/list-search.ts, without sorting: the outbox is newest first) plus the
 * mail status. Anything else is dropped. Kept apart from the page so the route tree loads only this.
 */
import { OUTBOX_STATUSES, type OutboxStatus } from "../../../domain/outbox";
import { parseListSearch } from "../../ui/server-list/list-search";

export interface OutboxSearch {
  page?: number;
  query?: string;
  status?: OutboxStatus;
}

export function parseOutboxSearch(search: Record<string, unknown>): OutboxSearch {
  const { page, query } = parseListSearch(search, []);
  const out: OutboxSearch = {};
  if (page) out.page = page;
  if (query) out.query = query;
  if (typeof search.status === "string" && (OUTBOX_STATUSES as readonly string[]).includes(search.status))
    out.status = search.status as OutboxStatus;
  return out;
}
