import type { Db } from "../../db/client";
import { OUTPUT_TYPES, type OutputKind } from "../../outputs";
import { HttpError, httpError } from "../../plugins/errors";
import { renderOutput } from "./record-outputs";
import { storedAuditReportFor } from "./store/filing-audit";
import { readyMappingsOf } from "./store/list";
import { loadFile } from "./store/load";

const KINDS = Object.keys(OUTPUT_TYPES) as OutputKind[];

/**
 * What is filed for a property's filing of one year: for each of its mappings of that year
 * marked ready (in the order they were made ready), the worksheet PDF, CSV, XLSX and, when it
 * applies, the TC309 checklist. One at a time, so only one file's bytes are held at once.
 * Figures that cannot go on the form answer 422 naming the file and the problems.
 *
 * The filing pipeline is given this function (modules/index.ts) rather than importing it, so
 * filing never depends on statement-mapping; only store/readiness.ts goes the other way.
 */
export async function* readyMappingOutputs(
  db: Db,
  filing: { companyId: string; propertyId: string; year: number },
) {
  const ready = await readyMappingsOf(db, {
    companyId: filing.companyId,
    propertyId: filing.propertyId,
    filingYear: filing.year,
  });
  // The audit report facts staff saved for the filing: the TC309 checklist is drawn from them.
  const report = await storedAuditReportFor(db, {
    companyId: filing.companyId,
    propertyId: filing.propertyId,
    filingYear: filing.year,
  });
  for (const m of ready) {
    const l = await loadFile(db, m.fileId);
    for (const kind of KINDS) {
      let rendered: Awaited<ReturnType<typeof renderOutput>>;
      try {
        rendered = await renderOutput(l, kind, l.updater?.displayName ?? null, report);
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 404 && kind === "tc309") continue; // does not apply
        if (err instanceof HttpError && err.statusCode === 422)
          throw httpError(
            422,
            `The outputs of ${l.file.fileName} cannot be produced: ${err.message}`,
            err.data,
          );
        throw err;
      }
      yield { mappingId: m.id, kind, ...rendered };
    }
  }
}
