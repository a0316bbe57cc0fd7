/**
 * Bytes → text for CSV/TSV: a UTF-8 BOM is stripped; bytes that are not valid UTF-8 are read as
 * Windows-1252 (what Excel on Windows writes as "CSV"), the common mixed-encoding case.
 */
export interface DecodedText {
  text: string;
  encoding: "utf-8" | "utf-8 (BOM)" | "windows-1252";
}

export function decodeText(bytes: Uint8Array): DecodedText {
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  try {
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(body);
    return { text, encoding: bom ? "utf-8 (BOM)" : "utf-8" };
  } catch {
    return { text: decodeWindows1252(body), encoding: "windows-1252" };
  }
}

/** Windows-1252's 0x80–0x9F (€ ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ' ' " " • – — ˜ ™ š › œ ž Ÿ); the rest is Latin-1. */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
  0x153, 0x9d, 0x17e, 0x178,
];

/**
 * Decoded by table rather than TextDecoder("windows-1252"): Node built without full ICU decodes
 * that label as ISO-8859-1 and turns € or – into control characters.
 */
function decodeWindows1252(bytes: Uint8Array): string {
  let out = "";
  const CHUNK = 8192;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    const codes = Array.from(bytes.subarray(i, i + CHUNK), (b) =>
      b >= 0x80 && b <= 0x9f ? (CP1252_HIGH[b - 0x80] ?? b) : b,
    );
    out += String.fromCharCode(...codes);
  }
  return out;
}

/** What kind of file the bytes are, by content first and name second. */
export function sniffFormat(name: string, bytes: Uint8Array): "xlsx" | "csv" | "tsv" | "xls" | "other" {
  const lower = name.toLowerCase();
  const startsWith = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  // a zip: an .xlsx (or .xlsm) workbook, or one without an extension; .docx, .zip… are not
  if (startsWith(0x50, 0x4b, 0x03, 0x04))
    return /\.xls[xm]$/.test(lower) || !lower.includes(".") ? "xlsx" : "other";
  if (startsWith(0xd0, 0xcf, 0x11, 0xe0)) return "xls"; // legacy binary Excel (OLE2)
  if (
    startsWith(0x25, 0x50, 0x44, 0x46) ||
    startsWith(0x89, 0x50, 0x4e, 0x47) ||
    startsWith(0xff, 0xd8, 0xff)
  ) {
    return "other"; // PDF, PNG, JPEG
  }
  // NUL bytes in the first 8 KB: binary, not text (UTF-16 exports are rare and are refused too)
  const head = bytes.subarray(0, 8192);
  if (head.includes(0)) return "other";
  if (lower.endsWith(".tsv") || lower.endsWith(".tab")) return "tsv";
  if (/\.(csv|txt)$/.test(lower) || lower.indexOf(".") === -1) return "csv";
  if (lower.endsWith(".xlsx")) return "other"; // named .xlsx but not a zip
  return "other";
}
