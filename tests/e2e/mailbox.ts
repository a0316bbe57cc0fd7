import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startSmtpSink } from "../server/smtp-sink";

/**
 * The server tests' SMTP sink, for the end-to-end tests: every message the product sends is
 * received over SMTP and written to a folder, where the test files (other processes) read it.
 */
export async function startMailbox(dir: string): Promise<{ port: number; close: () => Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  let n = 0;
  const sink = await startSmtpSink((message) => {
    n += 1;
    writeFileSync(
      join(dir, `${Date.now()}-${String(n).padStart(4, "0")}.json`),
      JSON.stringify({ to: message.to.join(","), raw: message.raw.toString("utf8") }),
    );
  });
  return { port: sink.port, close: sink.close };
}

export interface ReceivedMail {
  to: string;
  raw: string;
}

/** Messages received so far for an address, oldest first. */
export function mailsTo(dir: string, address: string): ReceivedMail[] {
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as ReceivedMail)
    .filter((m) => m.to.toLowerCase().split(",").includes(address.toLowerCase()));
}

/** Decodes quoted-printable soft line breaks and escapes so links can be found in the raw message. */
function plainText(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Waits for the next mail to an address and returns the first link in it matching a pattern. */
export async function waitForLink(
  dir: string,
  address: string,
  pattern: RegExp,
  after = 0,
  timeoutMs = 15_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = mailsTo(dir, address).slice(after);
    for (const m of mails) {
      const match = plainText(m.raw).match(pattern);
      if (match) return match[0];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail to ${address} with a link matching ${pattern} within ${timeoutMs} ms`);
}
