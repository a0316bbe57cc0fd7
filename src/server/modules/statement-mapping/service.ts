import {
  catalogueFor,
  type Form,
  fieldsFor,
  type LabelSuggestions,
  type LearnedCount,
  type MappableForm,
  type PriorMapping,
  suggestFields,
} from "../../../domain/statement-mapping";

/** Today's filing year when none is asked for. */
const currentYear = () => new Date().getUTCFullYear();

export function fieldList(form: Form, year = currentYear()) {
  return { form, year, catalogueYear: catalogueFor(year).fromYear, fields: fieldsFor(form, year) };
}

/**
 * Where earlier mappings come from: this preparer's and this company's earlier label →
 * field, and the learned counts of confirmed mappings. The routes use `dbMappingMemory`
 * (store/memory.ts: mapping templates and the learned_labels table); tests may pass another.
 */
export interface MappingMemory {
  priorMappings(input: {
    form: MappableForm;
    preparerId: string;
    companyId: string | null;
  }): Promise<PriorMapping[]>;
  learnedCounts(input: { form: MappableForm; labels: readonly string[] }): Promise<LearnedCount[]>;
}

export async function suggest(
  memory: MappingMemory,
  input: {
    form: MappableForm;
    labels: readonly string[];
    /** The account number beside each label, when it has one. */
    accounts?: readonly (string | null | undefined)[];
    year?: number;
    preparerId: string;
    companyId: string | null;
  },
): Promise<LabelSuggestions[]> {
  const [prior, learned] = await Promise.all([
    memory.priorMappings(input),
    memory.learnedCounts({ form: input.form, labels: input.labels }),
  ]);
  return suggestFields(input.form, input.labels, {
    year: input.year ?? currentYear(),
    prior,
    learned,
    accounts: input.accounts,
  });
}
