/**
 * What the import reads from and watches in Dexie: the SKUs the company already has (the
 * preview reports rows with them as duplicates), the units named in mapped headers, and the
 * upload of an import's chunks (useImportUpload, from the outbox's indexes only).
 */
import { Dexie } from "dexie";
import { useLiveQuery } from "dexie-react-hooks";
import { BULK_CHUNK } from "../../../../domain/inventory/bulk";
import {
  type ColumnMapping,
  type HeaderUnits,
  parseDimensionUnit,
  parseWeightUnit,
} from "../../../../domain/inventory/import/mapping";
import { bulkChunkIndex, bulkChunkRange } from "../../../offline/bulk";
import { type BlocklotDb, getDb } from "../../../offline/db";

/** The company's SKUs in this device's copy of the inventory (index keys only). */
export async function readExistingSkus(db: BlocklotDb, companyId: string): Promise<string[]> {
  const keys = await db.items
    .where("[companyId+sku]")
    .between([companyId, Dexie.minKey], [companyId, Dexie.maxKey])
    .keys();
  return keys.map((k) => (k as unknown as [string, string])[1]);
}

/** A unit written in a header's brackets or as its last word: "Weight (lbs)", "Length cm". */
function unitWord(header: string): string | null {
  const bracket = /[([]\s*([^)\]]+?)\s*[)\]]/.exec(header)?.[1];
  if (bracket) return bracket;
  const words = header.trim().split(/[\s_-]+/);
  return words.length > 1 ? (words.at(-1) ?? null) : null;
}

/** The units the headers of the chosen columns name (as guessMapping finds them for its guess). */
export function unitsFor(headers: readonly string[], mapping: ColumnMapping): HeaderUnits {
  const units: HeaderUnits = {};
  const word = (col: number | undefined) => (col === undefined ? null : unitWord(headers[col] ?? ""));
  const w = word(mapping.weight);
  if (w) units.weightUnit = parseWeightUnit(w) ?? undefined;
  for (const f of ["dimensions", "length", "width", "height"] as const) {
    const d = word(mapping[f]);
    const unit = d ? parseDimensionUnit(d) : null;
    if (unit) {
      units.dimensionUnit = unit;
      break;
    }
  }
  return units;
}

export interface UploadState {
  /** Items of the import still waiting to reach the server. */
  pending: number;
  /** The server's reason when a whole chunk was refused. */
  chunkError: string | null;
  /** Items the server refused one by one (kept on the device as rejected writes). */
  refused: number;
  /** Their distinct reasons, the first few. */
  reasons: string[];
}

/** Follows the upload of an import's chunks (live). */
export function useImportUpload(
  batchId: string | null,
  total: number,
  chunkSize = BULK_CHUNK,
  db: BlocklotDb = getDb(),
): UploadState | undefined {
  return useLiveQuery(async () => {
    if (!batchId) return undefined;
    const { lower, upper } = bulkChunkRange(batchId);
    const keys = await db.outbox.where("[entity+id]").between(lower, upper, true, true).keys();
    let pending = 0;
    for (const key of keys) {
      const index = bulkChunkIndex((key as unknown as [string, string])[1]);
      if (index !== null) pending += Math.max(0, Math.min(chunkSize, total - index * chunkSize));
    }
    const heldSeqs = await db.outbox.where("state").anyOf("rejected", "conflict").primaryKeys();
    const held = (await db.outbox.bulkGet(heldSeqs)).filter((e) => e !== undefined);
    const chunk = held.find((e) => e.bulk?.batchId === batchId);
    const refused = held.filter(
      (e) => !e.bulk && e.entity === "item" && (e.body as { batchId?: unknown } | null)?.batchId === batchId,
    );
    const reasons = [...new Set(refused.map((e) => e.error ?? ""))].filter(Boolean).slice(0, 3);
    return { pending, chunkError: chunk?.error ?? null, refused: refused.length, reasons };
  }, [db, batchId, total, chunkSize]);
}
