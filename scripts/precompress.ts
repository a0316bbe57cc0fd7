/**
 * Writes Brotli (.br) and gzip (.gz) copies of the built app's text files next to them, so
 * the server (@fastify/static `preCompressed`) sends compressed bytes without compressing on
 * every request. Runs after `vite build` (package.json build:app).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

// .wasm is not text, but compresses well (the scanner's ZXing-C++ decoder: 1.1 MB → ~0.4 MB)
const TEXT = /\.(js|mjs|css|html|svg|webmanifest|json|txt|xml|wasm)$/;
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

export function precompress(root: string): { files: number; bytes: number; brotli: number } {
  let count = 0;
  let bytes = 0;
  let brotli = 0;
  for (const path of files(root)) {
    if (!TEXT.test(path) || path.includes(`${root}/.vite/`)) continue;
    const buf = readFileSync(path);
    if (buf.length < MIN_BYTES) continue;
    const br = brotliCompressSync(buf, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buf.length },
    });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gzipSync(buf, { level: 9 }));
    count += 1;
    bytes += buf.length;
    brotli += br.length;
  }
  return { files: count, bytes, brotli };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const root = resolve(process.argv[2] ?? join(import.meta.dirname, "../dist/app"));
  const r = precompress(root);
  console.log(
    `precompressed ${r.files} files: ${(r.bytes / 1024).toFixed(0)} KB -> ${(r.brotli / 1024).toFixed(0)} KB brotli`,
  );
}
