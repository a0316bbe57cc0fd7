import { asc, eq } from "drizzle-orm";
import {
  auditProblemsForTc309,
  auditReportFromText,
  requiresTc309,
  TC309_INCOME_OVER,
  TC309_MIN_TENTATIVE_AAV,
} from "../../../../domain/statement-mapping";
import type { Db } from "../../../db/client";
import { extractionPages } from "../../../db/schema";
import { httpError } from "../../../plugins/errors";
import { assertMappable, loadFile } from "./load";

/**
 * An uploaded audit report read for the TC309 (issue 23): its audit report fields suggested
 * from its text (firm, licence, opinion, period, audited totals, each with the line it came
 * from), what stops it from supporting the certification, and whether the TC309 applies with
 * the property's AAV as the tentative AAV.
 */
export async function auditReportSuggestion(db: Db, fileId: string) {
  const l = await loadFile(db, fileId);
  assertMappable(l);
  if (l.file.documentType !== "audit_report")
    throw httpError(
      409,
      `This file is filed as ${l.file.documentType.replaceAll("_", " ")}, not as an audit report`,
    );
  const pages = await db
    .select({ text: extractionPages.text })
    .from(extractionPages)
    .where(eq(extractionPages.fileId, fileId))
    .orderBy(asc(extractionPages.number));
  const { fields, evidence } = auditReportFromText(pages.map((p) => p.text).join("\n"));
  const tentativeAav = l.property.aav ?? null;
  const income = fields.totalIncome ?? null;
  const required = tentativeAav === null || income === null ? null : requiresTc309({ tentativeAav, income });
  return {
    fileId,
    fields,
    evidence,
    problems: auditProblemsForTc309(fields),
    tc309: {
      tentativeAav,
      required,
      minTentativeAav: TC309_MIN_TENTATIVE_AAV,
      incomeOver: TC309_INCOME_OVER,
    },
  };
}
