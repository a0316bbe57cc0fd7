/**
 * The outbox list's URL search (`/admin/outbox?status=failed&query=ann&page=2`): the shared list
 * search (ui/server-list/list-search.ts, without sorting: the outbox is newest first) plus the
 * mail status. Anything else is dropped. Kept apart from the page so the route tree loads only this.
 */
import { OUTBOX_STATUSES, type OutboxStatus } from "../../../domain/outbox";
import { oneOf, parseListSearch } from "../../ui/server-list/list-search";

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
  const status = oneOf(OUTBOX_STATUSES, search.status);
  if (status) out.status = status;
  return out;
}
