import { and, desc, eq, gt, inArray, type SQL } from "drizzle-orm";
import { type LearnedCount, normaliseLabel, type PriorMapping } from "../../../../domain/statement-mapping";
import type { Db } from "../../../db/client";
import { learnedLabels, mappingTemplates } from "../../../db/schema";
import type { MappingMemory } from "../service";

/** Memory for the suggestions: earlier mappings (the templates) and the learned table. */

const PRIOR_TEMPLATES = 100;

export function dbMappingMemory(db: Db): MappingMemory {
  return {
    async priorMappings({ form, preparerId, companyId }) {
      const scopes: [PriorMapping["scope"], SQL][] = [
        ["preparer", eq(mappingTemplates.updatedBy, preparerId)],
      ];
      if (companyId) scopes.push(["company", eq(mappingTemplates.companyId, companyId)]);
      const out: PriorMapping[] = [];
      for (const [scope, cond] of scopes) {
        const rows = await db
          .select({ entries: mappingTemplates.entries })
          .from(mappingTemplates)
          .where(and(eq(mappingTemplates.form, form), cond))
          .orderBy(desc(mappingTemplates.updatedAt))
          .limit(PRIOR_TEMPLATES);
        for (const r of rows)
          for (const e of r.entries as { label: string; target: string; account?: string }[])
            out.push({
              label: e.label,
              fieldId: e.target,
              scope,
              ...(typeof e.account === "string" && e.account ? { account: e.account } : {}),
            });
      }
      return out;
    },
    async learnedCounts({ form, labels }) {
      const keys = [...new Set(labels.map(normaliseLabel).filter(Boolean))];
      if (keys.length === 0) return [];
      const rows = await db
        .select({
          label: learnedLabels.sampleLabel,
          fieldId: learnedLabels.fieldId,
          count: learnedLabels.count,
        })
        .from(learnedLabels)
        .where(
          and(
            eq(learnedLabels.form, form),
            inArray(learnedLabels.labelKey, keys),
            gt(learnedLabels.count, 0),
          ),
        );
      return rows as LearnedCount[];
    },
  };
}
