import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import yauzl from "yauzl";
import { EXTRACTION_LIMITS, megabytes } from "./limits";
import { DocumentProblem } from "./types";

const DAMAGED = "This spreadsheet is damaged or is not a valid XLSX workbook and cannot be read.";

/**
 * Checks a ZIP-based file (XLSX) before any reader unpacks it: the number of parts, their
 * unpacked size together, and how far each is compressed, first as its central directory
 * declares them, then by unpacking every part once into nothing, so a part that unpacks to more
 * than it declares is caught as the bytes come (yauzl's validateEntrySizes) with memory kept at
 * one chunk. The readers (exceljs through JSZip) read the same central directory afterwards.
 */
export async function assertZipWithinLimits(path: string, what = "spreadsheet") {
  const { maxEntries, maxTotalBytes, maxRatio, ratioGraceBytes } = EXTRACTION_LIMITS.zip;
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(path, {
      lazyEntries: true,
      // Kept open after the last entry is listed: every part is unpacked afterwards.
      autoClose: false,
      validateEntrySizes: true,
      strictFileNames: false,
    });
  } catch {
    throw new DocumentProblem(DAMAGED);
  }
  try {
    if (zip.entryCount > maxEntries) {
      throw new DocumentProblem(
        `This ${what} holds ${zip.entryCount.toLocaleString("en-US")} parts; the limit is ${maxEntries.toLocaleString("en-US")}. Save it again from Excel and upload it again.`,
      );
    }
    const entries: yauzl.Entry[] = [];
    let declared = 0;
    for await (const entry of zip.eachEntry()) {
      entries.push(entry);
      declared += entry.uncompressedSize;
      if (declared > maxTotalBytes) throw tooBig(what, maxTotalBytes);
      if (
        entry.uncompressedSize > ratioGraceBytes &&
        entry.uncompressedSize > maxRatio * Math.max(1, entry.compressedSize)
      ) {
        throw tooCompressed(what, entry.compressedSize, entry.uncompressedSize);
      }
    }
    let total = 0;
    for (const entry of entries) {
      if (entry.fileName.endsWith("/")) continue;
      let stream: NodeJS.ReadableStream;
      try {
        stream = await zip.openReadStreamPromise(entry);
      } catch {
        throw new DocumentProblem(DAMAGED);
      }
      const sink = new Writable({
        write(chunk: Buffer, _enc, done) {
          total += chunk.length;
          done(total > maxTotalBytes ? tooBig(what, maxTotalBytes) : null);
        },
      });
      try {
        await pipeline(stream, sink);
      } catch (err) {
        if (err instanceof DocumentProblem) throw err;
        // Bytes past the declared size, a bad checksum, a cut-off or corrupt part.
        throw new DocumentProblem(DAMAGED);
      }
    }
  } finally {
    zip.close();
  }
}

function tooBig(what: string, max: number) {
  return new DocumentProblem(
    `This ${what} unpacks to more than ${megabytes(max)}, the most we read from one file. Remove what is not needed (or save the statement as .csv) and upload it again.`,
  );
}

function tooCompressed(what: string, packed: number, unpacked: number) {
  return new DocumentProblem(
    `This ${what} is packed far tighter than real spreadsheets are (a ${megabytes(packed)} part unpacks to ${megabytes(unpacked)}), so it was not opened. Save it again from Excel and upload it again.`,
  );
}
