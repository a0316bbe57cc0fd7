/**
 * The staff filings queue's URL search (`/admin/filings?state=submitted&kind=rpie&year=2026&page=2`):
 * the page of the shared list search (ui/server-list/list-search.ts; the queue has no search box
 * and its own order) plus the state, kind, company and year filters. Anything unknown or out of
 * range is dropped. Kept apart from the page so the route tree loads only this.
 */
import {
  FILING_KINDS,
  FILING_STATES,
  type FilingKind,
  type FilingState,
} from "../../../../domain/filing/states";
import { oneOf, parseListSearch } from "../../../ui/server-list/list-search";

export interface AdminFilingsSearch {
  page?: number;
  state?: FilingState;
  kind?: FilingKind;
  companyId?: string;
  year?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseAdminFilingsSearch(search: Record<string, unknown>): AdminFilingsSearch {
  const out: AdminFilingsSearch = {};
  const { page } = parseListSearch(search, []);
  if (page) out.page = page;
  const state = oneOf(FILING_STATES, search.state);
  if (state) out.state = state;
  const kind = oneOf(FILING_KINDS, search.kind);
  if (kind) out.kind = kind;
  if (typeof search.companyId === "string" && UUID.test(search.companyId))
    out.companyId = search.companyId.toLowerCase();
  const year = Number(search.year);
  if (Number.isInteger(year) && year >= 2000 && year <= 2100) out.year = year;
  return out;
}
