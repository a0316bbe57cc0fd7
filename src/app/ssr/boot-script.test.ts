import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultSettings } from "../lib/settings/settings";

/** index.html's boot script (see main.tsx): run it against a fake document and storage. */
const html = readFileSync(resolve(import.meta.dirname, "../../../index.html"), "utf8");
const code = (html.match(/<script id="boot-script">([\s\S]*?)<\/script>/) ?? [])[1] as string;

function boot(stored: Record<string, string>, systemDark = false) {
  const attrs: Record<string, string> = {};
  const setAttribute = (k: string, v: string) => {
    attrs[k] = v;
  };
  const document = { documentElement: { setAttribute }, addEventListener: () => undefined };
  const localStorage = { getItem: (k: string) => stored[k] ?? null };
  const matchMedia = () => ({ matches: systemDark });
  new Function("document", "localStorage", "window", "matchMedia", code)(
    document,
    localStorage,
    { matchMedia },
    matchMedia,
  );
  return attrs;
}

describe("index.html boot script", () => {
  it("knows the settings defaults (all but the colour scheme)", () => {
    const defaults = (code.match(/BOOT_DEFAULTS = (\{.*?\});/) ?? [])[1] as string;
    const { paletteMode: _, ...expected } = defaultSettings(false);
    expect(JSON.parse(defaults)).toEqual(expected);
  });

  it("lets a first visit hydrate, in the system's colour scheme", () => {
    expect(boot({})).toEqual({ "data-mantine-color-scheme": "light" });
    expect(boot({}, true)).toEqual({ "data-mantine-color-scheme": "dark" });
    expect(boot({ "app.settings": JSON.stringify({ paletteMode: "dark", colorPreset: "blue" }) })).toEqual({
      "data-mantine-color-scheme": "dark",
    });
    expect(boot({ "app.language": "en", acceptedCookies: "true" })).toEqual({
      "data-mantine-color-scheme": "light",
      "data-cookies": "accepted",
    });
  });

  it("renders from scratch for a session, another language or settings that change the markup", () => {
    const visitors: Record<string, string>[] = [
      { accessToken: "x" },
      { refreshToken: "x" },
      { "app.language": "de" },
      { "app.settings": JSON.stringify({ colorPreset: "purple" }) },
      { "app.settings": JSON.stringify({ direction: "rtl" }) },
      { "app.settings": JSON.stringify({ responsiveFontSizes: false }) },
    ];
    for (const stored of visitors) {
      expect(boot(stored)["data-boot"], JSON.stringify(stored)).toBe("client");
    }
  });

  it("survives unreadable storage", () => {
    expect(boot({ "app.settings": "{not json" })).toEqual({ "data-mantine-color-scheme": "light" });
  });
});
