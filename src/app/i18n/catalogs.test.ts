import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import PO from "pofile";
import { describe, expect, it } from "vitest";

const load = (locale: string) =>
  PO.parse(readFileSync(resolve(import.meta.dirname, `locales/${locale}/messages.po`), "utf8"));

describe("translation catalogs", () => {
  const en = load("en");
  const ids = en.items.filter((i) => !i.obsolete).map((i) => i.msgid);

  it("has English messages extracted from the app", () => {
    expect(ids.length).toBeGreaterThan(0);
  });

  it.each(["de", "es"])("translates every message into %s", (locale) => {
    const catalog = load(locale);
    const byId = new Map(catalog.items.filter((i) => !i.obsolete).map((i) => [i.msgid, i.msgstr[0] ?? ""]));
    const missing = ids.filter((id) => !byId.get(id));
    expect(missing).toEqual([]);
  });

  it.each(["de", "es"])("keeps every placeholder of the English message in %s", (locale) => {
    const catalog = load(locale);
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();
    const wrong = catalog.items
      .filter((i) => !i.obsolete && i.msgstr[0])
      .filter(
        (i) => JSON.stringify(placeholders(i.msgid)) !== JSON.stringify(placeholders(i.msgstr[0] ?? "")),
      )
      .map((i) => `${i.msgid} → ${i.msgstr[0]}`);
    expect(wrong).toEqual([]);
  });
});
