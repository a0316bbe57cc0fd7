/** The read-only views of a user's data (/admin/view/{userId}, /admin/batch-item/list/{userId}). */
import { queryOptions } from "@tanstack/react-query";
import { http } from "../../lib/http";

interface ViewedUser {
  id: string;
  email: string;
  displayName: string;
}

interface ViewCompany {
  id: string;
  companyName: string;
  isPrimary: boolean;
  /** More rows exist than the server sends (200 of each kind). */
  truncated: boolean;
}

export interface UserView {
  user: ViewedUser;
  companies: (ViewCompany & {
    properties: { id: string; bbl: string; address: string | null; files: number }[];
    files: {
      id: string;
      fileName: string;
      documentType: string;
      statementYear: number | null;
      status: string;
      createdAt: string;
      bbl: string | null;
    }[];
    filings: { id: string; bbl: string; year: number; kind: string; state: string; stateChangedAt: string }[];
    inventory: { batches: number; byStatus: Record<string, number> };
  })[];
}

export interface UserBatches {
  user: ViewedUser;
  companies: (ViewCompany & {
    batches: {
      id: string;
      name: string;
      sourceFileName: string | null;
      createdAt: string;
      items: { id: string; sku: string; title: string; status: string; quantity: number; photos: number }[];
    }[];
  })[];
}

/** Each fetch is recorded in the audit log by the server, so these are never refetched on focus. */
export const userViewQueries = {
  view: (id: string) =>
    queryOptions({
      queryKey: ["admin", "user-view", id],
      queryFn: () => http.get<UserView>(`/api/admin/view/${encodeURIComponent(id)}`),
      refetchOnWindowFocus: false,
      staleTime: Number.POSITIVE_INFINITY,
    }),
  batches: (id: string) =>
    queryOptions({
      queryKey: ["admin", "user-batches", id],
      queryFn: () => http.get<UserBatches>(`/api/admin/batch-item/list/${encodeURIComponent(id)}`),
      refetchOnWindowFocus: false,
      staleTime: Number.POSITIVE_INFINITY,
    }),
};
