/**
 * The barcode symbologies the scanner reads and how a read is checked before it is applied
 * (pure, tested in symbologies.test.ts). Format names are the Barcode Detection API's
 * (`ean_13`, `code_128`, …): the native `BarcodeDetector` reports them, and the ZXing-C++
 * WebAssembly reader's names are mapped to them in `barcode-reader.ts`.
 *
 * A misread is never applied: EAN/UPC carry a mandatory GS1 check digit (verified here again,
 * whatever the decoder did), CODE128 a mandatory mod-103 check and QR / Data Matrix Reed–Solomon
 * error correction (both verified by every decoder). CODE39 and ITF may carry no check
 * character at all; such a read is applied only once two decoded frames in a row agree
 * (`createReadConfirmer`), or, for ITF, when it is a GS1 code whose check digit is right.
 * CODE128's check lets about 1 wrong read in 103 through, so a single CODE128 read is applied at
 * once only when it names an item already on this device (a wrong read that passes the mod-103
 * check and also spells another of the company's codes is the only way it could be wrong);
 * one that would create an item waits for the second frame like CODE39.
 */

/** Every symbology a reseller meets: retail (EAN/UPC), warehouse (CODE128/39, ITF cartons), 2D. */
export const SCAN_FORMATS = [
  "ean_13",
  "ean_8",
  "upc_a",
  "upc_e",
  "code_128",
  "code_39",
  "itf",
  "qr_code",
  "data_matrix",
] as const;

export type ScanFormat = (typeof SCAN_FORMATS)[number];

export const isScanFormat = (v: unknown): v is ScanFormat =>
  typeof v === "string" && (SCAN_FORMATS as readonly string[]).includes(v);

/**
 * GS1 mod-10 check of a digit string whose last digit is the check digit (EAN-13, EAN-8,
 * UPC-A, ITF-14, GTIN-14): weights 3 and 1 from the right, the check digit makes the sum a
 * multiple of 10.
 */
export function gs1CheckDigitOk(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  const body = digits.length - 1;
  for (let i = 0; i < body; i++) {
    const d = digits.charCodeAt(body - 1 - i) - 48;
    sum += i % 2 === 0 ? d * 3 : d;
  }
  return (10 - (sum % 10)) % 10 === digits.charCodeAt(body) - 48;
}

/**
 * The UPC-A a UPC-E stands for (8 digits: number system 0 or 1, six data digits, check digit),
 * or null when it is not a UPC-E. The check digit is the UPC-A's.
 */
export function expandUpcE(code: string): string | null {
  if (!/^[01]\d{7}$/.test(code)) return null;
  const ns = code[0] as string;
  const [d1, d2, d3, d4, d5, d6] = code.slice(1, 7);
  const check = code[7] as string;
  let body: string;
  switch (d6) {
    case "0":
    case "1":
    case "2":
      body = `${d1}${d2}${d6}0000${d3}${d4}${d5}`;
      break;
    case "3":
      body = `${d1}${d2}${d3}00000${d4}${d5}`;
      break;
    case "4":
      body = `${d1}${d2}${d3}${d4}00000${d5}`;
      break;
    default:
      body = `${d1}${d2}${d3}${d4}${d5}0000${d6}`;
  }
  return `${ns}${body}${check}`;
}

/** What to do with one decoded read. */
export type ReadVerdict =
  /** apply it now */
  | { ok: true; confirmed: true }
  /**
   * a weak or no check character: apply it once the next decoded frame reads the same — or at
   * once when `ifKnown` and the code names an item already on this device
   */
  | { ok: true; confirmed: false; ifKnown: boolean }
  /** a misread (wrong check digit or impossible length): drop it */
  | { ok: false };

const ACCEPT: ReadVerdict = { ok: true, confirmed: true };
const REJECT: ReadVerdict = { ok: false };
const SECOND_READ: ReadVerdict = { ok: true, confirmed: false, ifKnown: false };
const SECOND_READ_OR_KNOWN: ReadVerdict = { ok: true, confirmed: false, ifKnown: true };

/** Checks a decoded text against its symbology's rules. */
export function verifyRead(format: ScanFormat, text: string): ReadVerdict {
  switch (format) {
    case "ean_13":
      return /^\d{13}$/.test(text) && gs1CheckDigitOk(text) ? ACCEPT : REJECT;
    case "upc_a":
      // a native detector says 12 digits, ZXing-C++ the 13-digit EAN spelling
      return /^\d{12,13}$/.test(text) && gs1CheckDigitOk(text) ? ACCEPT : REJECT;
    case "ean_8":
      return /^\d{8}$/.test(text) && gs1CheckDigitOk(text) ? ACCEPT : REJECT;
    case "upc_e": {
      // 8 digits as printed, or the UPC-A / EAN-13 it stands for (ZXing-C++ says that)
      const full = text.length === 8 ? expandUpcE(text) : /^0?[01]\d{11}$/.test(text) ? text : null;
      return full && gs1CheckDigitOk(full) ? ACCEPT : REJECT;
    }
    case "itf":
      // ITF encodes digit pairs (6 at least: shorter reads are fragments of a longer code); a
      // GS1 carton code (ITF-14) proves itself by its check digit
      if (!/^(\d{2}){3,}$/.test(text)) return REJECT;
      return text.length === 14 && gs1CheckDigitOk(text) ? ACCEPT : SECOND_READ;
    case "code_39":
      return text.length > 0 ? SECOND_READ : REJECT;
    case "code_128":
      // CODE128's mod-103 check lets about 1 wrong read in 103 through (the e2e saw a box label
      // read as "BL-XB1%U#7B2" and create an item), so a read that finds no item waits for a
      // second agreeing frame; one that names a known item is applied at once
      return text.length > 0 ? SECOND_READ_OR_KNOWN : REJECT;
    default:
      return text.length > 0 ? ACCEPT : REJECT;
  }
}

/** The kind of linear code a format is; EAN and UPC are one kind (they spell the same numbers). */
const LINEAR_KIND: Partial<Record<ScanFormat, string>> = {
  ean_13: "retail",
  ean_8: "retail",
  upc_a: "retail",
  upc_e: "retail",
  code_128: "code_128",
  code_39: "code_39",
  itf: "itf",
};

/** One spelling per retail number (the EAN-13 one), so a UPC-E and its EAN-13 read agree. */
function retailKey(format: ScanFormat, text: string): string {
  const upcA = format === "upc_e" && text.length === 8 ? expandUpcE(text) : null;
  const digits = upcA ?? text;
  return digits.length === 12 ? `0${digits}` : digits;
}

/**
 * Drops the linear reads of a frame that disagree with another read of the same kind. ZXing
 * sometimes reports, beside the right code, a ghost read of the same label from a row that
 * crosses it at a slant, whose check digit happens to be right (an EAN-8 65267653 also read
 * as 65861653): two different numbers of one kind in one frame are treated as a doubtful
 * frame, and the next frames, where the ghost is gone, apply the code. Codes of different
 * kinds (a box's EAN beside its CODE128 SKU label) and 2D codes are kept.
 */
export function dropConflicting<T extends { format: ScanFormat; text: string }>(codes: readonly T[]): T[] {
  const seen = new Map<string, string>();
  const doubtful = new Set<string>();
  for (const c of codes) {
    const kind = LINEAR_KIND[c.format];
    if (!kind) continue;
    const key = kind === "retail" ? retailKey(c.format, c.text) : c.text;
    const before = seen.get(kind);
    if (before === undefined) seen.set(kind, key);
    else if (before !== key) doubtful.add(kind);
  }
  if (!doubtful.size) return [...codes];
  return codes.filter((c) => {
    const kind = LINEAR_KIND[c.format];
    return !(kind && doubtful.has(kind));
  });
}

/**
 * Holds back reads that carry no check character until a second decoded frame agrees: one
 * read of a CODE39 or a short ITF may be a misread (a bar lost to glare), two identical reads
 * from two frames in a row almost never are. A read that needs no confirmation passes at
 * once; a frame that read nothing clears what was waiting.
 */
export function createReadConfirmer(maxGapMs = 600) {
  let waiting: { key: string; at: number } | null = null;
  return {
    /** true = apply this read now. */
    accept(format: ScanFormat, text: string, now: number): boolean {
      const verdict = verifyRead(format, text);
      if (!verdict.ok) return false;
      if (verdict.confirmed) return true;
      const key = `${format}:${text}`;
      if (waiting && waiting.key === key && now - waiting.at <= maxGapMs) {
        waiting = null;
        return true;
      }
      waiting = { key, at: now };
      return false;
    },
    /**
     * The read held back last turned out to name an item on this device: true = apply it now,
     * when its symbology allows that (`ifKnown`: CODE128) and it is still the read waiting (not
     * confirmed by a later frame meanwhile, nor followed by another read or an empty frame).
     */
    known(format: ScanFormat, text: string, now: number): boolean {
      const verdict = verifyRead(format, text);
      if (!verdict.ok || verdict.confirmed || !verdict.ifKnown) return false;
      if (!waiting || waiting.key !== `${format}:${text}` || now - waiting.at > maxGapMs) return false;
      waiting = null;
      return true;
    },
    /** A decoded frame showed no code. */
    nothing() {
      waiting = null;
    },
  };
}

/**
 * The spellings of one product code that a record may hold: a UPC-A (12 digits) is the same
 * number as the EAN-13 with a leading 0, and a UPC-E is a UPC-A with its zeros left out;
 * decoders and people write any of them. The code itself first.
 */
export function codeVariants(code: string, format?: ScanFormat): string[] {
  const out = /^\d{12}$/.test(code)
    ? [code, `0${code}`]
    : /^0\d{12}$/.test(code)
      ? [code, code.slice(1)]
      : [code];
  if (format === "upc_e") {
    if (code.length === 8) {
      const upcA = expandUpcE(code);
      if (upcA) out.push(upcA, `0${upcA}`);
    } else {
      const short = compressUpcA(code);
      if (short) out.push(short);
    }
  }
  return out;
}

/** The 8-digit UPC-E of a UPC-A (12 digits) or its EAN-13 spelling, when it has one. */
export function compressUpcA(code: string): string | null {
  const upcA = /^0\d{12}$/.test(code) ? code.slice(1) : code;
  if (!/^[01]\d{11}$/.test(upcA)) return null;
  const ns = upcA[0] as string;
  const m = upcA.slice(1, 11);
  const check = upcA[11] as string;
  let six: string | null = null;
  if (/^\d\d[012]0000\d{3}$/.test(m)) six = `${m.slice(0, 2)}${m.slice(7, 10)}${m[2]}`;
  else if (/^\d{3}00000\d{2}$/.test(m)) six = `${m.slice(0, 3)}${m.slice(8, 10)}3`;
  else if (/^\d{4}00000\d$/.test(m)) six = `${m.slice(0, 4)}${m[9]}4`;
  else if (/^\d{5}0000[5-9]$/.test(m)) six = `${m.slice(0, 5)}${m[9]}`;
  return six ? `${ns}${six}${check}` : null;
}
