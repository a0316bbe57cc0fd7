import { and, desc, eq, isNull, or } from "drizzle-orm";
import {
  type AuditOpinion,
  type AuditReport,
  auditProblemsForTc309,
  requiresTc309,
  TC309_INCOME_OVER,
  TC309_MIN_TENTATIVE_AAV,
} from "../../../../domain/statement-mapping";
import type { Db } from "../../../db/client";
import {
  companies,
  filingAuditReports,
  filings,
  properties,
  statementFiles,
  statementMappings,
  users,
} from "../../../db/schema";
import { auditDifferences, OutputInputError, prepareWorksheet, type Worksheet } from "../../../outputs";
import { HttpError, httpError } from "../../../plugins/errors";
import { outputInput } from "../record-outputs";
import { auditReportSuggestion } from "./audit-report";
import { readyMappingsOf } from "./list";
import { loadFile } from "./load";

/**
 * The audit report facts of a filing (issue 23, "The audit report into TC309"): stored per
 * filing in `filing_audit_reports`, suggested from the filing's uploaded audit report, drawn
 * on the TC309 checklist, and checked into the filing's TC309 flags. See
 * docs/statement-mapping.md, "Audit report and TC309".
 */

const FILING_NOT_FOUND = "Filing not found";

/** The facts staff save: the audit report fields and the audit report they came from. */
export interface AuditFacts extends AuditReport {
  fileId: string | null;
}

/** Something about the audit report that stops the filing's TC309 certification. */
export interface Tc309Flag {
  code: "tc309_no_audit_report" | "tc309_facts_not_saved" | "tc309_audit_problem" | "tc309_audit_difference";
  message: string;
}

type FilingRow = typeof filings.$inferSelect;
type PropertyRow = typeof properties.$inferSelect;
type FactsRow = typeof filingAuditReports.$inferSelect;

interface FilingOf {
  filing: FilingRow;
  property: PropertyRow;
  companyName: string;
}

async function filingOf(db: Db, filingId: string): Promise<FilingOf> {
  const [row] = await db
    .select({ filing: filings, property: properties, companyName: companies.name })
    .from(filings)
    .innerJoin(properties, eq(properties.id, filings.propertyId))
    .innerJoin(companies, eq(companies.id, filings.companyId))
    .where(eq(filings.id, filingId));
  if (!row) throw httpError(404, FILING_NOT_FOUND);
  if (row.filing.kind !== "rpie")
    throw httpError(409, "Only an RPIE filing has an audit report for the TC309");
  return row;
}

/**
 * The audit reports uploaded for a filing: the property's files of document type audit report
 * for the statement year (the year before the filing year) or without a year, newest first.
 */
function auditReportFiles(db: Db, f: FilingRow) {
  return db
    .select({
      fileId: statementFiles.id,
      fileName: statementFiles.fileName,
      status: statementFiles.status,
      statementYear: statementFiles.statementYear,
    })
    .from(statementFiles)
    .where(
      and(
        eq(statementFiles.companyId, f.companyId),
        eq(statementFiles.propertyId, f.propertyId),
        eq(statementFiles.documentType, "audit_report"),
        isNull(statementFiles.deletedAt),
        or(eq(statementFiles.statementYear, f.year - 1), isNull(statementFiles.statementYear)),
      ),
    )
    .orderBy(desc(statementFiles.createdAt), desc(statementFiles.id));
}

const factsOf = (r: FactsRow): AuditFacts => ({
  fileId: r.fileId,
  auditor: r.auditor,
  cpaLicence: r.cpaLicence,
  opinion: r.opinion as AuditOpinion | null,
  periodStart: r.periodStart,
  periodEnd: r.periodEnd,
  totalIncome: r.totalIncome,
  totalExpenses: r.totalExpenses,
});

async function storedRow(db: Db, filingId: string) {
  const [row] = await db
    .select({ facts: filingAuditReports, updaterName: users.displayName })
    .from(filingAuditReports)
    .leftJoin(users, eq(users.id, filingAuditReports.updatedBy))
    .where(eq(filingAuditReports.filingId, filingId));
  return row ?? null;
}

/** The audit report facts stored for the property's RPIE filing of `filingYear`, for the outputs. */
export async function storedAuditReportFor(
  db: Db,
  of: { companyId: string; propertyId: string; filingYear: number },
): Promise<AuditReport | null> {
  const [row] = await db
    .select({ facts: filingAuditReports })
    .from(filingAuditReports)
    .innerJoin(filings, eq(filings.id, filingAuditReports.filingId))
    .where(
      and(
        eq(filings.companyId, of.companyId),
        eq(filings.propertyId, of.propertyId),
        eq(filings.year, of.filingYear),
        eq(filings.kind, "rpie"),
      ),
    );
  return row ? factsOf(row.facts) : null;
}

/**
 * The worksheet the TC309 is decided on: the first mapping of the property and year marked
 * ready, else the most recently changed one; null when none can be put on the form yet.
 */
async function worksheetOf(db: Db, f: FilingRow): Promise<Worksheet | null> {
  const of = { companyId: f.companyId, propertyId: f.propertyId, filingYear: f.year };
  let fileId = (await readyMappingsOf(db, of))[0]?.fileId;
  if (!fileId) {
    const [latest] = await db
      .select({ fileId: statementMappings.fileId })
      .from(statementMappings)
      .where(
        and(
          eq(statementMappings.companyId, f.companyId),
          eq(statementMappings.propertyId, f.propertyId),
          eq(statementMappings.filingYear, f.year),
        ),
      )
      .orderBy(desc(statementMappings.updatedAt))
      .limit(1);
    fileId = latest?.fileId;
  }
  if (!fileId) return null;
  try {
    return prepareWorksheet(outputInput(await loadFile(db, fileId), null));
  } catch (err) {
    if (err instanceof OutputInputError || err instanceof HttpError) return null;
    throw err;
  }
}

interface Tc309Check {
  tentativeAav: number | null;
  /** The income the test used, and where it came from. */
  income: number | null;
  incomeFrom: "mapping" | "audit_report" | null;
  /** Null while the AAV or the income is unknown. */
  required: boolean | null;
  reason: string;
  minTentativeAav: number;
  incomeOver: number;
}

const dollars = (n: number) => `$${n.toLocaleString("en-US", { maximumFractionDigits: 2 })}`;

function decide(aav: number | null, income: number | null, from: Tc309Check["incomeFrom"]): Tc309Check {
  const base = {
    tentativeAav: aav,
    income,
    incomeFrom: from,
    minTentativeAav: TC309_MIN_TENTATIVE_AAV,
    incomeOver: TC309_INCOME_OVER,
  };
  if (aav === null)
    return { ...base, required: null, reason: "The property has no AAV, so the TC309 test cannot be made" };
  if (aav < TC309_MIN_TENTATIVE_AAV)
    return {
      ...base,
      required: false,
      reason: `The tentative actual assessed value ${dollars(aav)} is under ${dollars(TC309_MIN_TENTATIVE_AAV)}`,
    };
  if (income === null)
    return {
      ...base,
      required: null,
      reason:
        "Neither a mapped statement nor the audit report gives the income yet, so the TC309 test cannot be made",
    };
  const where = from === "mapping" ? "the mapped statement" : "the audit report";
  return requiresTc309({ tentativeAav: aav, income })
    ? {
        ...base,
        required: true,
        reason: `The tentative actual assessed value ${dollars(aav)} is at least ${dollars(TC309_MIN_TENTATIVE_AAV)} and the income ${dollars(income)} (${where}) is over ${dollars(TC309_INCOME_OVER)}`,
      }
    : {
        ...base,
        required: false,
        reason: `The income ${dollars(income)} (${where}) is not over ${dollars(TC309_INCOME_OVER)}`,
      };
}

/** The TC309 flags: what must be fixed or explained before the filing is filed. */
function flagsOf(
  check: Tc309Check,
  files: readonly unknown[],
  facts: AuditFacts | null,
  w: Worksheet | null,
): Tc309Flag[] {
  if (check.required !== true) return [];
  const flags: Tc309Flag[] = [];
  if (files.length === 0)
    flags.push({
      code: "tc309_no_audit_report",
      message: "The TC309 applies but no audit report was uploaded",
    });
  else if (!facts)
    flags.push({
      code: "tc309_facts_not_saved",
      message: "The TC309 applies but the audit report's facts are not saved: map the audit report",
    });
  if (!facts) return flags;
  for (const message of auditProblemsForTc309(facts)) flags.push({ code: "tc309_audit_problem", message });
  if (w)
    for (const message of auditDifferences(w, facts)) flags.push({ code: "tc309_audit_difference", message });
  return flags;
}

/** The TC309 decision and flags of a filing (loaded with its property). */
async function checkFiling(db: Db, f: FilingOf, facts: AuditFacts | null, files: readonly unknown[]) {
  const w = await worksheetOf(db, f.filing);
  const income = w ? w.totalIncome : (facts?.totalIncome ?? null);
  const check = decide(
    f.property.aav ?? null,
    income,
    w ? "mapping" : income === null ? null : "audit_report",
  );
  return { check, flags: flagsOf(check, files, facts, w) };
}

/**
 * The TC309 flags of a filing: the one computation behind the staff queue, the filing's page,
 * every staff answer that carries a filing, the ready answer's filing and the move to filed.
 * A filed filing's flags no longer matter: none.
 */
export async function tc309FlagsOf(db: Db, filing: Pick<FilingRow, "id" | "kind">): Promise<Tc309Flag[]> {
  if (filing.kind !== "rpie") return [];
  const f = await filingOf(db, filing.id);
  if (f.filing.state === "filed") return [];
  // One query after the other: `db` may be a transaction (a stale move's 409 reads the flags in
  // it), whose single connection must not be handed two queries at once (pg warns, and pg 9 refuses).
  const row = await storedRow(db, filing.id);
  const files = await auditReportFiles(db, f.filing);
  return (await checkFiling(db, f, row ? factsOf(row.facts) : null, files)).flags;
}

/**
 * The audit report screen's view of a filing: its audit reports, the suggestion from one of
 * them (`fileId`, else the saved one's, else the newest), the saved facts, the TC309 decision
 * on the property's AAV and the flags.
 */
export async function filingAuditView(db: Db, filingId: string, fileId?: string) {
  const f = await filingOf(db, filingId);
  const [row, files] = await Promise.all([storedRow(db, filingId), auditReportFiles(db, f.filing)]);
  const facts = row ? factsOf(row.facts) : null;
  if (fileId && !files.some((x) => x.fileId === fileId))
    throw httpError(400, "That file is not an audit report of this filing");
  const chosen = fileId ?? (files.some((x) => x.fileId === facts?.fileId) ? facts?.fileId : files[0]?.fileId);
  let suggestion: Awaited<ReturnType<typeof auditReportSuggestion>> | null = null;
  let suggestionError: string | null = null;
  if (chosen) {
    try {
      suggestion = await auditReportSuggestion(db, chosen);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      suggestionError = err.message;
    }
  }
  const { check, flags } = await checkFiling(db, f, facts, files);
  return {
    filing: {
      id: f.filing.id,
      companyId: f.filing.companyId,
      companyName: f.companyName,
      propertyId: f.filing.propertyId,
      bbl: f.property.bbl,
      address: f.property.address,
      year: f.filing.year,
      state: f.filing.state,
    },
    files,
    fileId: chosen ?? null,
    suggestion: suggestion
      ? { fields: suggestion.fields, evidence: suggestion.evidence, problems: suggestion.problems }
      : null,
    suggestionError,
    saved: row
      ? {
          ...facts,
          version: row.facts.version,
          updatedAt: row.facts.updatedAt.toISOString(),
          updatedBy: row.facts.updatedBy
            ? { id: row.facts.updatedBy, displayName: row.updaterName ?? "(removed user)" }
            : null,
        }
      : null,
    tc309: check,
    flags,
  };
}

/**
 * Saves a filing's audit report facts. `version` is the saved facts' version read (0 when none
 * were saved); another is 409. The file must be one of the filing's audit reports (400).
 */
export async function saveFilingAudit(
  db: Db,
  filingId: string,
  userId: string,
  body: AuditFacts & { version: number },
) {
  const f = await filingOf(db, filingId);
  if (body.fileId) {
    const files = await auditReportFiles(db, f.filing);
    if (!files.some((x) => x.fileId === body.fileId))
      throw httpError(400, "That file is not an audit report of this filing");
  }
  if (body.periodStart && body.periodEnd && body.periodStart > body.periodEnd)
    throw httpError(400, "The audited period ends before it starts");
  const clean = (s: string | null | undefined) => (s?.trim() ? s.trim() : null);
  const values = {
    fileId: body.fileId ?? null,
    auditor: clean(body.auditor),
    cpaLicence: clean(body.cpaLicence),
    opinion: body.opinion ?? null,
    periodStart: body.periodStart ?? null,
    periodEnd: body.periodEnd ?? null,
    totalIncome: body.totalIncome ?? null,
    totalExpenses: body.totalExpenses ?? null,
    updatedBy: userId,
    updatedAt: new Date(),
  };
  const stale = () =>
    httpError(
      409,
      "The audit report facts were changed by someone else since you opened them. Review them and try again.",
    );
  if (body.version === 0) {
    const rows = await db
      .insert(filingAuditReports)
      .values({ filingId, companyId: f.filing.companyId, ...values })
      .onConflictDoNothing({ target: filingAuditReports.filingId })
      .returning({ id: filingAuditReports.filingId });
    if (rows.length === 0) throw stale();
  } else {
    const rows = await db
      .update(filingAuditReports)
      .set({ ...values, version: body.version + 1 })
      .where(and(eq(filingAuditReports.filingId, filingId), eq(filingAuditReports.version, body.version)))
      .returning({ id: filingAuditReports.filingId });
    if (rows.length === 0) throw stale();
  }
  return filingAuditView(db, filingId, body.fileId ?? undefined);
}
