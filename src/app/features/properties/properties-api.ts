import { queryOptions } from "@tanstack/react-query";
import type { DocumentType, FileStatus } from "../../../domain/files/statuses";
import { http } from "../../lib/http";
import type { PropertySort } from "./property-list-search";

type Obligation = "must-file" | "claim-of-exclusion" | "not-required";
type RpieForm = "long" | "short" | "exclusion";

interface Assessment {
  filingYear: number;
  obligation: Obligation;
  mustFile: boolean;
  claimOfExclusion: boolean;
  exclusion: string | null;
  form: RpieForm | null;
  rentRollAddendum: boolean;
  deadline: string;
  daysLeft: number;
  penaltyIfLate: number;
  reasons: string[];
}

interface PropertyFacts {
  address: string | null;
  ownerName: string | null;
  taxClass: string | null;
  buildingClass: string | null;
  residentialUnits: number;
  commercialUnits: number;
  commercialSqFt: number | null;
  aav: number | null;
  finalAav: number | null;
  fiscalYearEnd: string;
  isCoop: boolean;
  isCondoUnit: boolean;
  ownerOccupied: boolean;
  relatedPartyOnly: boolean;
  fullyExempt: boolean;
  vacant: boolean;
  vacantLand: boolean;
  fullYearOwned: boolean;
  notes: string | null;
}

export interface Property extends PropertyFacts {
  id: string;
  companyId: string;
  companyName: string;
  bbl: string;
  bblFormatted: string;
  borough: number;
  block: number;
  lot: number;
  version: number;
  createdAt: string;
  updatedAt: string;
  assessment: Assessment | null;
}

export interface PropertyFile {
  id: string;
  fileName: string;
  documentType: DocumentType;
  statementYear: number | null;
  status: FileStatus;
  createdAt: string;
}

export interface PropertyPage {
  rows: Property[];
  total: number;
  page: number;
  rowsPerPage: number;
}

export interface PlutoLot {
  bbl: string;
  bblFormatted: string;
  address: string | null;
  ownerName: string | null;
  taxClass: string | null;
  buildingClass: string | null;
  residentialUnits: number | null;
  commercialUnits: number | null;
  commercialSqFt: number | null;
  aav: number | null;
  isCondoUnit: boolean;
  vacantLand: boolean;
}

export type SortField = PropertySort;

export interface ListParams {
  page: number;
  rowsPerPage: number;
  query?: string;
  sortBy: SortField;
  sortDir: "asc" | "desc";
}

export type PropertyInput = Partial<PropertyFacts> & { bbl: string };

export const propertiesApi = {
  list: (p: ListParams) =>
    http.get<PropertyPage>("/api/bbl", { query: { ...p, query: p.query || undefined } }),
  company: () => http.get<Property[]>("/api/bbl/company"),
  get: (id: string) => http.get<Property & { files: PropertyFile[] }>(`/api/bbl/${id}`),
  create: (input: PropertyInput) => http.post<Property>("/api/bbl", input),
  update: (id: string, version: number, change: Partial<PropertyInput>) =>
    http.patch<Property>(`/api/bbl/${id}`, { ...change, version }),
  remove: (id: string) => http.delete<void>(`/api/bbl/${id}`),
  lookup: (bbl: string) => http.get<PlutoLot>(`/api/bbl/lookup/${encodeURIComponent(bbl)}`),
};

/** Rows on a page of the property list. */
export const PROPERTIES_PER_PAGE = 10;

/** Which page of the property list: search words and sort field as the page shows them. */
export interface PropertyListPage {
  page: number;
  query: string;
  sortBy: SortField;
}

/** The properties feature's query keys: all of them start with `all`. */
export const propertiesKeys = {
  all: ["properties"] as const,
  list: (p: PropertyListPage) => [...propertiesKeys.all, "list", p] as const,
  company: ["properties", "company"] as const,
  withFiles: (id: string) => [...propertiesKeys.all, id, "files"] as const,
};

/** Each query of the feature: its key and its fetcher, side by side. */
export const propertiesQueries = {
  /** One page of the property list; the sort direction follows the field. */
  list: (p: PropertyListPage) =>
    queryOptions({
      queryKey: propertiesKeys.list(p),
      queryFn: () =>
        propertiesApi.list({
          ...p,
          rowsPerPage: PROPERTIES_PER_PAGE,
          sortDir: p.sortBy === "aav" || p.sortBy === "updatedAt" ? "desc" : "asc",
        }),
    }),
  /** Every property of the company (pickers). */
  company: () => queryOptions({ queryKey: propertiesKeys.company, queryFn: propertiesApi.company }),
  /** One property with its statement files. */
  withFiles: (id: string) =>
    queryOptions({ queryKey: propertiesKeys.withFiles(id), queryFn: () => propertiesApi.get(id) }),
};
