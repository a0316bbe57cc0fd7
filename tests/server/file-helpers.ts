import { randomBytes } from "node:crypto";
import { v7 as uuidv7 } from "uuid";
import { properties } from "../../src/server/db/schema";
import type { TestServer } from "./harness";

/** A multipart/form-data body built by hand (what a browser's FormData sends). */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; data: Uint8Array | Buffer; type?: string; field?: string },
) {
  const boundary = `----blocklot${randomBytes(8).toString("hex")}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? "file"}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? "application/octet-stream"}\r\n\r\n`,
      ),
      Buffer.from(file.data),
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

let lot = 1;
/** A property (tax lot) of a company, inserted directly. */
export async function createProperty(server: TestServer, companyId: string): Promise<string> {
  const id = uuidv7();
  const n = lot++;
  await server.database.db.insert(properties).values({
    id,
    companyId,
    bbl: `1${String(1000 + n).padStart(5, "0")}${String(n).padStart(4, "0")}`,
    borough: 1,
    block: 1000 + n,
    lot: n,
  });
  return id;
}

export async function waitFor<T>(
  fn: () => Promise<T | undefined>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
