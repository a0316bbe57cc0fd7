/**
 * The mail screen's one direct server call (docs/mail.md "Search"): the server's search, which
 * matches anywhere in a word and reaches every message; everything else is read from Dexie.
 */
import type { MailMessage } from "../../../domain/mail/message";
import { http } from "../../lib/http";

/** Messages per page of the server's search. */
const SEARCH_PAGE = 100;

export interface SearchPage {
  rows: MailMessage[];
  next: string | null;
}

export const searchOnServer = (q: string, before: string | null, signal?: AbortSignal) =>
  http.get<SearchPage>("/api/mail/messages", {
    query: { q, limit: SEARCH_PAGE, before },
    signal,
  });
