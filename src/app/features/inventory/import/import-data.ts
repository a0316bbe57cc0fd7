/**
 * What the import reads from and watches in Dexie: the SKUs the company already has (the
 * preview reports rows with them as duplicates), the units named in mapped headers, and the
 * upload of an import's chunks (useImportUpload: the chunks' entries, whose bodies are in `meta`).
 */
import { Dexie } from "dexie";
import {
  type ColumnMapping,
  type HeaderUnits,
  parseDimensionUnit,
  parseWeightUnit,
} from "../../../../domain/inventory/import/mapping";
import { bulkChunkRange } from "../../../offline/bulk";
import { type BlocklotDb, getDb } from "../../../offline/db";
import { useThrottledLiveQuery } from "../../../offline/use-throttled-live-query";

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
export function useImportUpload(batchId: string | null, db: BlocklotDb = getDb()): UploadState | undefined {
  return useThrottledLiveQuery(
    async () => {
      if (!batchId) return undefined;
      const { lower, upper } = bulkChunkRange(batchId);
      // the chunks' entries are small (their bodies are kept in `meta`)
      const chunks = await db.outbox.where("[entity+id]").between(lower, upper, true, true).toArray();
      const pending = chunks.reduce((n, e) => n + (e.bulk?.count ?? 0), 0);
      const heldSeqs = await db.outbox.where("state").anyOf("rejected", "conflict").primaryKeys();
      const held = (await db.outbox.bulkGet(heldSeqs)).filter((e) => e !== undefined);
      const chunk = held.find((e) => e.bulk?.batchId === batchId);
      const refused = held.filter(
        (e) =>
          !e.bulk && e.entity === "item" && (e.body as { batchId?: unknown } | null)?.batchId === batchId,
      );
      const reasons = [...new Set(refused.map((e) => e.error ?? ""))].filter(Boolean).slice(0, 3);
      return { pending, chunkError: chunk?.error ?? null, refused: refused.length, reasons };
    },
    [db, batchId],
    // an import changes the outbox several times per chunk; each read is a transaction the
    // import's next chunk waits behind
    { tables: ["outbox"], waitMs: 250 },
  );
}
