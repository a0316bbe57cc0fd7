import { queryOptions } from "@tanstack/react-query";
import type { FileStatus } from "../../../domain/files/statuses";
import type { AuditOpinion } from "../../../domain/statement-mapping/catalogue";
import { http } from "../../lib/http";

/** A filing's audit report for the TC309 (docs/statement-mapping.md, "Audit report and TC309"). */

export interface AuditFacts {
  auditor: string | null;
  cpaLicence: string | null;
  opinion: AuditOpinion | null;
  periodStart: string | null;
  periodEnd: string | null;
  totalIncome: number | null;
  totalExpenses: number | null;
}
export type AuditFieldKey = keyof AuditFacts;

interface Tc309Flag {
  code: "tc309_no_audit_report" | "tc309_facts_not_saved" | "tc309_audit_problem" | "tc309_audit_difference";
  message: string;
}

export interface AuditView {
  filing: {
    id: string;
    companyName: string;
    propertyId: string;
    bbl: string;
    address: string | null;
    year: number;
    state: string;
  };
  files: { fileId: string; fileName: string; status: FileStatus; statementYear: number | null }[];
  fileId: string | null;
  suggestion: {
    fields: Partial<AuditFacts>;
    evidence: Partial<Record<AuditFieldKey, string>>;
    problems: string[];
  } | null;
  suggestionError: string | null;
  saved:
    | (AuditFacts & {
        fileId: string | null;
        version: number;
        updatedAt: string;
        updatedBy: { id: string; displayName: string } | null;
      })
    | null;
  tc309: {
    tentativeAav: number | null;
    income: number | null;
    incomeFrom: "mapping" | "audit_report" | null;
    required: boolean | null;
    reason: string;
    minTentativeAav: number;
    incomeOver: number;
  };
  flags: Tc309Flag[];
}

const url = (filingId: string) =>
  `/api/statement-mapping/filings/${encodeURIComponent(filingId)}/audit-report`;

export const auditKeys = {
  view: (filingId: string, fileId: string | null) =>
    ["statement-mapping", "audit", filingId, fileId] as const,
};

export const auditApi = {
  view: (filingId: string, fileId: string | null) =>
    http.get<AuditView>(url(filingId), { query: fileId ? { fileId } : undefined }),
  save: (filingId: string, body: AuditFacts & { version: number; fileId: string | null }) =>
    http.put<AuditView>(url(filingId), body),
};

export const auditQueries = {
  view: (filingId: string, fileId: string | null = null) =>
    queryOptions({
      queryKey: auditKeys.view(filingId, fileId),
      queryFn: () => auditApi.view(filingId, fileId),
    }),
};
