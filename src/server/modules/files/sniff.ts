/** The kinds of statement file accepted, decided by content (magic bytes), never by name. */
export type FileKind = "pdf" | "png" | "jpeg" | "tiff" | "heic" | "xlsx" | "xls" | "csv";

export const CONTENT_TYPES: Record<FileKind, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpeg: "image/jpeg",
  tiff: "image/tiff",
  heic: "image/heic",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  xls: "application/vnd.ms-excel",
  csv: "text/csv",
};

export const UNSUPPORTED_TYPE_MESSAGE =
  "Unsupported file type: only PDF, images (PNG, JPEG, TIFF, HEIC) and spreadsheets (XLSX, XLS, CSV) are accepted";

const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]);

function startsWith(buf: Buffer, bytes: number[], offset = 0): boolean {
  if (buf.length < offset + bytes.length) return false;
  return bytes.every((b, i) => buf[offset + i] === b);
}

/** Decides the kind from the first bytes of a file (up to 64 KiB); null when not accepted. */
export function sniffKind(head: Buffer): FileKind | null {
  if (head.length === 0) return null;
  if (head.subarray(0, 1024).includes("%PDF-")) return "pdf";
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return "tiff";
  if (head.length >= 12 && head.toString("latin1", 4, 8) === "ftyp") {
    return HEIC_BRANDS.has(head.toString("latin1", 8, 12)) ? "heic" : null;
  }
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    // An Office Open XML workbook is a zip whose entries live under xl/.
    return head.includes("xl/") || head.includes("[Content_Types].xml") ? "xlsx" : null;
  }
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return "xls";
  return looksLikeCsv(head) ? "csv" : null;
}

/**
 * Text heuristics for CSV: no NUL or other binary control bytes, valid UTF-8 (or Latin-1
 * text), and most of the first lines split by the same delimiter (`,`, `;` or tab).
 */
function looksLikeCsv(head: Buffer): boolean {
  let bytes = head;
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) bytes = bytes.subarray(3);
  // A cut multibyte character at the end of the head is not a reason to refuse.
  const sample = bytes.subarray(0, Math.min(bytes.length, 16 * 1024));
  for (const b of sample) {
    if (b === 0 || (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c)) return false;
  }
  const text = sample.toString("utf8");
  const lines = text
    .split(/\r?\n/)
    .slice(0, 20)
    .filter((l) => l.trim() !== "");
  // Drop a last line that may be cut off.
  if (lines.length > 2) lines.pop();
  if (lines.length === 0) return false;
  for (const delimiter of [",", ";", "\t"]) {
    const withDelimiter = lines.filter((l) => l.includes(delimiter)).length;
    if (withDelimiter >= Math.max(1, Math.ceil(lines.length * 0.6))) return true;
  }
  return false;
}
