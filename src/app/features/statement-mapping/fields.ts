import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { EXCLUDED, IGNORE_SUBTOTAL, SPLIT } from "../../../domain/statement-mapping/mapping";
import { type CatalogueField, type MappingForm, mappingQueries } from "./api";

export const SPECIAL_LABELS: Record<string, MessageDescriptor> = {
  [EXCLUDED]: msg`Excluded`,
  [IGNORE_SUBTOTAL]: msg`Ignore: subtotal`,
  [SPLIT]: msg`Split across fields`,
};

export const fieldOptionLabel = (f: Pick<CatalogueField, "section" | "line" | "label">) =>
  `${f.section} ${f.line} · ${f.label}`;

/** The form's catalogue: fields by id, and what a detail line or a total line may be mapped to. */
export function useCatalogue(form: MappingForm | undefined, year: number | undefined) {
  const q = useQuery({ ...mappingQueries.fields(form ?? "rpie", year ?? 0), enabled: !!form && !!year });
  return useMemo(() => {
    const fields = q.data?.fields ?? [];
    const byId = new Map(fields.map((f) => [f.id, f]));
    const detail = fields.filter((f) => f.kind === "income" || f.kind === "expense" || f.kind === "excluded");
    const totals = fields.filter((f) => f.kind === "total");
    return { query: q, fields, byId, detail, totals, detailIds: new Set(detail.map((f) => f.id)) };
  }, [q]);
}

export type Catalogue = ReturnType<typeof useCatalogue>;

/** Select data grouped by the form's sections (detail fields, plus totals for a statement total line). */
export function fieldGroups(catalogue: Catalogue, withTotals: boolean) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const f of withTotals ? [...catalogue.detail, ...catalogue.totals] : catalogue.detail) {
    const items = groups.get(f.section) ?? [];
    items.push({ value: f.id, label: fieldOptionLabel(f) });
    groups.set(f.section, items);
  }
  return [...groups.entries()].map(([group, items]) => ({ group, items }));
}
