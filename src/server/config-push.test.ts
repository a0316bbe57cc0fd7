import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import webpush from "web-push";
import { loadConfig } from "./config";

const dir = mkdtempSync(join(tmpdir(), "blocklot-vapid-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const base = { DATA_DIR: dir, STAFF_EMAIL: "ops@example.com" };
const opts = { jwtSecret: new Uint8Array(32), ebayTokenKey: Buffer.alloc(32) };

describe("Web Push configuration", () => {
  it("generates a key pair into DATA_DIR once and reuses it", () => {
    const first = loadConfig(base, opts).push;
    expect(first.generated).toBe(true);
    expect(first.subject).toBe("mailto:ops@example.com");
    expect(Buffer.from(first.publicKey, "base64url")).toHaveLength(65);
    expect(JSON.parse(readFileSync(join(dir, "vapid-keys.json"), "utf8")).publicKey).toBe(first.publicKey);
    expect(loadConfig(base, opts).push.publicKey).toBe(first.publicKey);
  });

  it("takes configured keys and subject, both keys or neither", () => {
    const keys = webpush.generateVAPIDKeys();
    const push = loadConfig(
      {
        ...base,
        VAPID_PUBLIC_KEY: keys.publicKey,
        VAPID_PRIVATE_KEY: keys.privateKey,
        VAPID_SUBJECT: "https://blocklot.example",
      },
      opts,
    ).push;
    expect(push).toMatchObject({ ...keys, subject: "https://blocklot.example", generated: false });
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: keys.publicKey }, opts)).toThrow(/together/);
    expect(() =>
      loadConfig({ ...base, VAPID_PUBLIC_KEY: "short", VAPID_PRIVATE_KEY: keys.privateKey }, opts),
    ).toThrow(/P-256/);
    expect(() => loadConfig({ ...base, VAPID_SUBJECT: "http://blocklot.example" }, opts)).toThrow(
      /VAPID_SUBJECT/,
    );
  });
});
