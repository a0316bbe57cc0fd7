/// <reference lib="webworker" />
/**
 * The import's Web Worker: reads the file (papaparse / exceljs) and builds the preview off the
 * main thread, so the page stays responsive for 50,000-row files. Holds the table between
 * the two steps; the screen terminates the worker to cancel.
 */
import { buildImport } from "../../../../domain/inventory/import/build";
import { guessMapping, IMPORT_FIELDS } from "../../../../domain/inventory/import/mapping";
import { readImportFile } from "../../../../domain/inventory/import/read";
import { IMPORT_LIMITS, type RawTable } from "../../../../domain/inventory/import/types";
import type { FromWorker, ToWorker } from "./protocol";

const scope = self as unknown as DedicatedWorkerGlobalScope;
let table: RawTable | null = null;

const post = (message: FromWorker) => scope.postMessage(message);

async function read(file: File) {
  table = null;
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
      guess: guessMapping(read.headers),
    },
  });
}

function build(msg: Extract<ToWorker, { type: "build" }>) {
  if (!table) throw new Error("No file has been read");
  const preview = buildImport(table, {
    mapping: msg.mapping,
    units: msg.units,
    existingSkus: new Set(msg.existingSkus),
    decimalComma: table.delimiter === ";",
  });
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
