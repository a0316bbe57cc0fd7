import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";

/**
 * DATA_DIR/server.json: where the server running on this machine answers, written once it listens
 * and removed when it stops. `npm run seed` reads it to hand its work to that server (the embedded
 * database opens in one process at a time), whatever PORT the server was started with.
 */
const FILE = "server.json";

export interface LocalAddress {
  pid: number;
  /** A loopback URL, e.g. http://127.0.0.1:3000. */
  url: string;
}

/** The loopback URL of a listening address (0.0.0.0 and :: are reached on 127.0.0.1). */
export function loopbackUrl(address: AddressInfo | string | null, host: string): string | null {
  if (!address || typeof address === "string") return null;
  const wildcard = host === "" || host === "0.0.0.0" || host === "::";
  const h = wildcard ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  return `http://${h}:${address.port}`;
}

export function writeLocalAddress(dataDir: string, url: string) {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, FILE), JSON.stringify({ pid: process.pid, url } satisfies LocalAddress), {
    mode: 0o600,
  });
}

/** Removes the file when this process wrote it. */
export function removeLocalAddress(dataDir: string) {
  const mine = readLocalAddress(dataDir);
  if (mine?.pid === process.pid) rmSync(join(dataDir, FILE), { force: true });
}

export function readLocalAddress(dataDir: string): LocalAddress | null {
  try {
    const parsed = JSON.parse(readFileSync(join(dataDir, FILE), "utf8")) as Partial<LocalAddress>;
    return typeof parsed.url === "string" && typeof parsed.pid === "number"
      ? { pid: parsed.pid, url: parsed.url }
      : null;
  } catch {
    return null;
  }
}
