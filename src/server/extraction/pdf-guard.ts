import { once } from "node:events";
import { open } from "node:fs/promises";
import { Transform, type TransformCallback, Writable } from "node:stream";
import zlib from "node:zlib";
import { EXTRACTION_LIMITS, imageSizeProblem, megabytes } from "./limits";
import { DocumentProblem } from "./types";

const CHUNK = 64 * 1024;

class OverLimit extends Error {}

/**
 * Checks every stream of a PDF before pdf.js decodes any: each is decoded once into nothing,
 * through its filter chain (Flate, LZW, RunLength, ASCIIHex, ASCII85), counting the bytes as they
 * come, so a compressed bomb is refused after at most `maxStreamBytes` of work and one chunk of
 * memory. Images (by /Width and /Height, and the size in a JPEG or JPEG 2000 header) are held to
 * the image pixel limit. Streams are found by their `stream` keyword in the raw bytes (not through
 * the cross-reference table), so a stream the table hides is checked too.
 */
export async function assertPdfWithinLimits(path: string) {
  const { maxStreamBytes, maxTotalBytes } = EXTRACTION_LIMITS.pdf;
  const file = await open(path, "r");
  let data: Buffer;
  try {
    data = await file.readFile();
  } finally {
    await file.close();
  }
  let total = 0;
  for (const stream of findStreams(data)) {
    const imageProblem = imageProblemOf(stream, data);
    if (imageProblem) throw new DocumentProblem(imageProblem.replace("This image", "An image in this PDF"));
    const decoded = await decodedSize(data, stream, Math.min(maxStreamBytes, maxTotalBytes - total));
    if (decoded === null) {
      throw new DocumentProblem(
        total + maxStreamBytes > maxTotalBytes
          ? `This PDF unpacks to more than ${megabytes(maxTotalBytes)}, the most we read from one file. Split it into smaller files and upload them separately.`
          : `A part of this PDF unpacks to more than ${megabytes(maxStreamBytes)} (it is packed into ${megabytes(stream.rawLength)}), so it was not opened. Print it to a new PDF (or scan it again) and upload that.`,
      );
    }
    total += decoded;
  }
}

interface RawStream {
  /** Where the stream's data starts. */
  start: number;
  /** Where the data ends as far as we can tell (Length or the `endstream` keyword). */
  end: number;
  rawLength: number;
  dict: string;
  filters: string[];
}

const FILTER_NAMES: Record<string, string> = {
  Fl: "FlateDecode",
  LZW: "LZWDecode",
  RL: "RunLengthDecode",
  AHx: "ASCIIHexDecode",
  A85: "ASCII85Decode",
  DCT: "DCTDecode",
  CCF: "CCITTFaxDecode",
};

/** Every `stream` keyword of the file with the dictionary before it. */
function* findStreams(data: Buffer): Generator<RawStream> {
  let pos = 0;
  for (;;) {
    pos = data.indexOf("stream", pos, "latin1");
    if (pos === -1) return;
    const keyword = pos;
    pos += 6;
    if (data.toString("latin1", Math.max(0, keyword - 3), keyword) === "end") continue;
    let start = pos;
    if (data[start] === 0x0d) start++;
    if (data[start] === 0x0a) start++;
    else if (start === pos) continue; // "stream" not followed by an end of line: not the keyword
    const dictStart = dictionaryStart(data, keyword);
    if (dictStart === -1) continue;
    const dict = data.toString("latin1", dictStart, keyword);
    const next = data.indexOf("endstream", start, "latin1");
    let end = next === -1 ? data.length : next;
    const length = directLength(dict, data);
    if (length !== null && start + length > end) end = Math.min(data.length, start + length);
    pos = start;
    yield { start, end, rawLength: end - start, dict, filters: filtersOf(dict) };
  }
}

/** The `<<` that opens the dictionary ending just before `keyword`, or -1. */
function dictionaryStart(data: Buffer, keyword: number): number {
  let i = keyword - 1;
  while (i >= 0 && (data[i] === 0x20 || data[i] === 0x0a || data[i] === 0x0d || data[i] === 0x09)) i--;
  if (i < 1 || data[i] !== 0x3e || data[i - 1] !== 0x3e) return -1;
  let depth = 0;
  const floor = Math.max(0, keyword - 64 * 1024);
  for (let j = i; j > floor; j--) {
    if (data[j] === 0x3e && data[j - 1] === 0x3e) {
      depth++;
      j--;
    } else if (data[j] === 0x3c && data[j - 1] === 0x3c) {
      depth--;
      j--;
      if (depth === 0) return j;
    }
  }
  return -1;
}

function directLength(dict: string, data: Buffer): number | null {
  const m = /\/Length\s+(\d+)(?:\s+(\d+)\s+R)?/.exec(dict);
  if (!m?.[1]) return null;
  if (!m[2]) return Number(m[1]);
  // An indirect length: "N G obj <number> endobj" elsewhere in the file (not inside an object stream).
  const ref = new RegExp(`(?:^|[^0-9])${m[1]}\\s+${m[2]}\\s+obj\\s+(\\d+)`).exec(data.toString("latin1"));
  return ref?.[1] ? Number(ref[1]) : null;
}

function filtersOf(dict: string): string[] {
  const m = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dict);
  if (!m?.[1]) return [];
  return [...m[1].matchAll(/\/([A-Za-z0-9]+)/g)].map((n) => FILTER_NAMES[n[1] as string] ?? (n[1] as string));
}

function imageProblemOf(stream: RawStream, data: Buffer): string | null {
  const width = /\/(?:Width|W)\s+(\d+)(?!\s+\d+\s+R)/.exec(stream.dict)?.[1];
  const height = /\/(?:Height|H)\s+(\d+)(?!\s+\d+\s+R)/.exec(stream.dict)?.[1];
  if (/\/Subtype\s*\/Image/.test(stream.dict) && width && height) {
    const problem = imageSizeProblem(Number(width), Number(height));
    if (problem) return problem;
  }
  const last = stream.filters.at(-1);
  if (last === "DCTDecode") {
    const size = jpegSize(data.subarray(stream.start, Math.min(stream.end, stream.start + CHUNK)));
    if (size) return imageSizeProblem(size.width, size.height);
  }
  if (last === "JPXDecode") {
    const head = data.subarray(stream.start, Math.min(stream.end, stream.start + CHUNK));
    const at = head.indexOf("ihdr", 0, "latin1");
    if (at !== -1 && at + 12 <= head.length)
      return imageSizeProblem(head.readUInt32BE(at + 8), head.readUInt32BE(at + 4));
  }
  return null;
}

/** Width and height from a JPEG's start-of-frame marker. */
function jpegSize(head: Buffer): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < head.length) {
    if (head[i] !== 0xff) {
      i++;
      continue;
    }
    const marker = head[i + 1] as number;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: head.readUInt16BE(i + 5), width: head.readUInt16BE(i + 7) };
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01 || marker === 0xff) {
      i += marker === 0xff ? 1 : 2;
      continue;
    }
    i += 2 + head.readUInt16BE(i + 2);
  }
  return null;
}

/**
 * The stream's size once decoded through its filters, or null when it passes `limit`. Image
 * codecs (DCT, JPX, JBIG2, CCITT) end the chain: their size is the image's, checked apart.
 */
async function decodedSize(data: Buffer, stream: RawStream, limit: number): Promise<number | null> {
  const stages: Transform[] = [];
  for (const filter of stream.filters) {
    const stage = decoderFor(filter);
    if (!stage) break;
    stages.push(stage);
  }
  if (stages.length === 0) return stream.rawLength;
  let count = 0;
  let settled = false;
  const counter = new Writable({
    write(chunk: Buffer, _enc, done) {
      count += chunk.length;
      done(count > limit ? new OverLimit() : null);
    },
  });
  const chain = [...stages, counter];
  for (let i = 0; i < stages.length; i++) (stages[i] as Transform).pipe(chain[i + 1] as Writable);
  const result = new Promise<number | null>((resolve) => {
    const finish = (value: number | null) => {
      if (settled) return;
      settled = true;
      for (const s of chain) s.destroy();
      resolve(value);
    };
    counter.on("finish", () => finish(count));
    // A corrupt or cut-off stream: pdf.js stops there too, what came out is what it costs.
    for (const s of chain)
      s.on("error", (err) => finish(err instanceof OverLimit || count > limit ? null : count));
    stages[stages.length - 1]?.on("end", () => setImmediate(() => finish(count > limit ? null : count)));
  });
  // Flate finds its own end, so it reads on past a fake `endstream` inside its data; others stop there.
  const until = stream.filters[0] === "FlateDecode" ? data.length : stream.end;
  const first = stages[0] as Transform;
  for (let p = stream.start; p < until && !settled; p += CHUNK) {
    if (!first.write(data.subarray(p, Math.min(until, p + CHUNK)))) {
      await Promise.race([once(first, "drain").catch(() => undefined), result]);
    }
  }
  if (!settled) first.end();
  return result;
}

function decoderFor(filter: string): Transform | null {
  switch (filter) {
    case "FlateDecode":
      // Large output chunks: a bomb is counted in a few hundred steps, not thousands.
      return zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH, chunkSize: 1024 * 1024 });
    case "LZWDecode":
      return lzwDecoder();
    case "RunLengthDecode":
      return runLengthDecoder();
    case "ASCIIHexDecode":
      return asciiHexDecoder();
    case "ASCII85Decode":
      return ascii85Decoder();
    default:
      return null;
  }
}

function transform(fn: (chunk: Buffer, push: (b: Buffer) => void) => boolean | undefined): Transform {
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _enc, cb: TransformCallback) {
      if (done) return cb();
      const out: Buffer[] = [];
      if (fn(chunk, (b) => out.push(b)) === true) done = true;
      for (const b of out) this.push(b);
      if (done) this.push(null);
      cb();
    },
  });
}

/** LZW as PDF uses it (EarlyChange 1, 9–12 bit codes, 256 clear, 257 end). */
function lzwDecoder(): Transform {
  const prefix = new Int32Array(4096);
  const suffix = new Uint8Array(4096);
  const length = new Uint32Array(4096);
  for (let i = 0; i < 256; i++) {
    prefix[i] = -1;
    suffix[i] = i;
    length[i] = 1;
  }
  let next = 258;
  let width = 9;
  let prev = -1;
  let bits = 0;
  let bitCount = 0;
  const emit = (code: number, push: (b: Buffer) => void) => {
    const out = Buffer.allocUnsafe(length[code] as number);
    for (let c = code, i = out.length - 1; i >= 0; i--) {
      out[i] = suffix[c] as number;
      c = prefix[c] as number;
    }
    push(out);
    return out[0] as number;
  };
  return transform((chunk, push) => {
    for (const byte of chunk) {
      bits = (bits << 8) | byte;
      bitCount += 8;
      while (bitCount >= width) {
        const code = (bits >>> (bitCount - width)) & ((1 << width) - 1);
        bitCount -= width;
        bits &= (1 << bitCount) - 1;
        if (code === 256) {
          next = 258;
          width = 9;
          prev = -1;
          continue;
        }
        if (code === 257) return true;
        let firstByte: number;
        if (prev === -1) {
          if (code > 255) return true;
          firstByte = emit(code, push);
        } else if (code < next) {
          firstByte = emit(code, push);
          if (next < 4096) {
            prefix[next] = prev;
            suffix[next] = firstByte;
            length[next] = (length[prev] as number) + 1;
            next++;
          }
        } else if (code === next && next < 4096) {
          let c = prev;
          while ((prefix[c] as number) !== -1) c = prefix[c] as number;
          prefix[next] = prev;
          suffix[next] = suffix[c] as number;
          length[next] = (length[prev] as number) + 1;
          next++;
          emit(code, push);
        } else {
          return true; // corrupt: pdf.js stops here too
        }
        prev = code;
        if (next + 1 >= 1 << width && width < 12) width++;
      }
    }
    return undefined;
  });
}

function runLengthDecoder(): Transform {
  let pending = -1; // the length byte waiting for its data, or -1
  let copyLeft = 0;
  return transform((chunk, push) => {
    let i = 0;
    while (i < chunk.length) {
      if (copyLeft > 0) {
        const n = Math.min(copyLeft, chunk.length - i);
        push(chunk.subarray(i, i + n));
        copyLeft -= n;
        i += n;
        continue;
      }
      if (pending === -1) {
        pending = chunk[i++] as number;
        if (pending === 128) return true;
        if (pending < 128) {
          copyLeft = pending + 1;
          pending = -1;
        }
        continue;
      }
      push(Buffer.alloc(257 - pending, chunk[i++] as number));
      pending = -1;
    }
    return undefined;
  });
}

function asciiHexDecoder(): Transform {
  let half = -1;
  return transform((chunk, push) => {
    const out: number[] = [];
    for (const c of chunk) {
      if (c === 0x3e) {
        if (half !== -1) out.push(half << 4);
        push(Buffer.from(out));
        return true;
      }
      const v =
        c >= 0x30 && c <= 0x39 ? c - 0x30 : (c | 0x20) >= 0x61 && (c | 0x20) <= 0x66 ? (c | 0x20) - 0x57 : -1;
      if (v === -1) continue;
      if (half === -1) half = v;
      else {
        out.push((half << 4) | v);
        half = -1;
      }
    }
    push(Buffer.from(out));
    return undefined;
  });
}

function ascii85Decoder(): Transform {
  const group: number[] = [];
  return transform((chunk, push) => {
    const out: number[] = [];
    const flush = (n: number) => {
      let value = 0;
      for (let k = 0; k < 5; k++) value = value * 85 + (group[k] ?? 84);
      for (let k = 0; k < n - 1; k++) out.push((value >>> (24 - 8 * k)) & 0xff);
      group.length = 0;
    };
    for (const c of chunk) {
      if (c === 0x7e) {
        if (group.length > 1) flush(group.length);
        push(Buffer.from(out));
        return true;
      }
      if (c === 0x7a && group.length === 0) {
        out.push(0, 0, 0, 0);
        continue;
      }
      if (c < 0x21 || c > 0x75) continue;
      group.push(c - 0x21);
      if (group.length === 5) flush(5);
    }
    push(Buffer.from(out));
    return undefined;
  });
}
