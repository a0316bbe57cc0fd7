/**
 * The items chosen for labels, in the order they were chosen (pure list operations, unit
 * tested), kept per company in sessionStorage so leaving the page and coming back keeps them.
 */

export const selectionKey = (companyId: string) => `blocklot:labels:selection:${companyId}`;

/** Adds ids not yet chosen at the end, keeping the order. */
export function addIds(list: readonly string[], ids: readonly string[], max: number): string[] {
  const have = new Set(list);
  const out = [...list];
  for (const id of ids) {
    if (out.length >= max) break;
    if (have.has(id)) continue;
    have.add(id);
    out.push(id);
  }
  return out;
}

export function removeIds(list: readonly string[], ids: readonly string[]): string[] {
  const drop = new Set(ids);
  return list.filter((id) => !drop.has(id));
}

export function toggleId(list: readonly string[], id: string, max: number): string[] {
  return list.includes(id) ? removeIds(list, [id]) : addIds(list, [id], max);
}

export function parseSelection(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const data: unknown = JSON.parse(raw);
    return Array.isArray(data) ? [...new Set(data.filter((v): v is string => typeof v === "string"))] : [];
  } catch {
    return [];
  }
}
