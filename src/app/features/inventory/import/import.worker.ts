/// <reference lib="webworker" />
/**
 * The import's Web Worker: reads the file (papaparse / exceljs) and builds the preview off the
 * main thread, so the page stays responsive for 50,000-row files. Holds the table between
 * the two steps; the screen terminates the worker to cancel.
 */
import { buildImport, type ImportPreview, withExistingSkus } from "../../../../domain/inventory/import/build";
import {
  type ColumnMapping,
  guessMapping,
  type HeaderUnits,
  IMPORT_FIELDS,
  unitsFor,
} from "../../../../domain/inventory/import/mapping";
import { readImportFile } from "../../../../domain/inventory/import/read";
import { IMPORT_LIMITS, type RawTable } from "../../../../domain/inventory/import/types";
import type { FromWorker, ToWorker } from "./protocol";

const scope = self as unknown as DedicatedWorkerGlobalScope;
let table: RawTable | null = null;
/**
 * The rows built ahead with the guessed mapping, while the person looks at the mapping step
 * (most keep it): Preview then only checks them against the device's SKUs.
 */
let ahead: { key: string; preview: ImportPreview } | null = null;
let aheadTimer: ReturnType<typeof setTimeout> | undefined;

const buildKey = (mapping: ColumnMapping, units: HeaderUnits) =>
  JSON.stringify([
    IMPORT_FIELDS.map((f) => mapping[f] ?? null),
    units.weightUnit ?? null,
    units.dimensionUnit ?? null,
  ]);

function buildRows(t: RawTable, mapping: ColumnMapping, units: HeaderUnits): ImportPreview {
  return buildImport(t, { mapping, units, decimalComma: t.delimiter === ";" });
}

const post = (message: FromWorker) => scope.postMessage(message);

async function read(file: File) {
  table = null;
  ahead = null;
  clearTimeout(aheadTimer);
  const base = { name: file.name, size: file.size };
  if (file.size > IMPORT_LIMITS.maxBytes) {
    // refused before reading it into memory (the reader would say the same)
    post({
      type: "summary",
      summary: {
        ...base,
        format: "csv",
        headers: [],
        rowCount: 0,
        sample: [],
        guess: { mapping: {}, units: {} },
        messages: [{ level: "error", code: "too-large", message: "File too large" }],
      },
    });
    return;
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const read = await readImportFile({ name: file.name, bytes });
  table = read;
  const guess = guessMapping(read.headers);
  post({
    type: "summary",
    summary: {
      ...base,
      format: read.format,
      encoding: read.encoding,
      delimiter: read.delimiter,
      sheetName: read.sheetName,
      headers: read.headers,
      rowCount: read.rows.length,
      messages: read.messages,
      sample: read.rows.slice(0, 5).map((r) => r.cells),
      guess,
    },
  });
  // after the summary is on its way; a Preview asked meanwhile waits for this and uses it
  if (read.rows.length > 0 && !read.messages.some((m) => m.level === "error")) {
    aheadTimer = setTimeout(() => {
      if (table !== read) return;
      const units = unitsFor(read.headers, guess.mapping);
      ahead = { key: buildKey(guess.mapping, units), preview: buildRows(read, guess.mapping, units) };
    }, 0);
  }
}

function build(msg: Extract<ToWorker, { type: "build" }>) {
  if (!table) throw new Error("No file has been read");
  clearTimeout(aheadTimer); // asked before the build ahead began: build once, here
  const key = buildKey(msg.mapping, msg.units);
  const rows = ahead?.key === key ? ahead.preview : buildRows(table, msg.mapping, msg.units);
  const preview = withExistingSkus(rows, new Set(msg.existingSkus));
  const columns = IMPORT_FIELDS.flatMap((f) => {
    const col = msg.mapping[f];
    return col === undefined ? [] : [col];
  }).filter((c, i, all) => all.indexOf(c) === i);
  const raw = table.rows;
  post({
    type: "preview",
    preview: {
      counts: preview.counts,
      unmappedRequired: preview.unmappedRequired,
      columns,
      rows: preview.rows.map((r, i) => ({
        ...r,
        cells: columns.map((c) => raw[i]?.cells[c] ?? ""),
      })),
    },
  });
}

scope.onmessage = (event: MessageEvent<ToWorker>) => {
  const msg = event.data;
  const run = msg.type === "read" ? read(msg.file) : Promise.resolve(build(msg));
  run.catch((err: unknown) =>
    post({ type: "failed", message: err instanceof Error ? err.message : String(err) }),
  );
};
