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
    { matchMedia, addEventListener: () => undefined },
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

describe("the prerendered cookie banner before hydration", () => {
  function clickBanner(analytics: string | null) {
    const stored: Record<string, string> = {};
    const attrs: Record<string, string> = {};
    const listeners: Record<string, (e: unknown) => void> = {};
    const document = {
      documentElement: {
        setAttribute: (k: string, v: string) => {
          attrs[k] = v;
        },
      },
      addEventListener: (type: string, fn: (e: unknown) => void) => {
        listeners[type] = fn;
      },
    };
    const localStorage = {
      getItem: (k: string) => stored[k] ?? null,
      setItem: (k: string, v: string) => {
        stored[k] = v;
      },
    };
    const matchMedia = () => ({ matches: false });
    new Function("document", "localStorage", "window", "matchMedia", code)(
      document,
      localStorage,
      { matchMedia, addEventListener: () => undefined },
      matchMedia,
    );
    const button = analytics === null ? null : { getAttribute: () => analytics };
    listeners.click?.({ target: { closest: () => button } });
    return { stored, attrs };
  }

  it("stores the analytics choice of the button pressed and hides the banner", () => {
    expect(clickBanner("granted").stored).toEqual({ acceptedCookies: "true", analyticsConsent: "granted" });
    expect(clickBanner("denied").stored).toEqual({ acceptedCookies: "true", analyticsConsent: "denied" });
    expect(clickBanner("granted").attrs["data-cookies"]).toBe("accepted");
  });

  it("ignores clicks elsewhere", () => {
    expect(clickBanner(null).stored).toEqual({});
  });
});

describe("a prerendered form sent before React handles it", () => {
  /** The boot script's window "submit" listener, run after the page's own handlers. */
  function submitListener() {
    let listener: (e: unknown) => void = () => undefined;
    const window = {
      matchMedia: () => ({ matches: false }),
      addEventListener: (type: string, fn: (e: unknown) => void) => {
        if (type === "submit") listener = fn;
      },
    };
    const document = {
      documentElement: { setAttribute: () => undefined },
      addEventListener: () => undefined,
    };
    new Function("document", "localStorage", "window", "matchMedia", code)(
      document,
      { getItem: () => null },
      window,
      window.matchMedia,
    );
    return listener;
  }

  function send(opts: { trusted: boolean; prevented: boolean; prerendered: boolean }) {
    const marks: string[] = [];
    let prevented = opts.prevented;
    const form = {
      closest: () => (opts.prerendered ? {} : null),
      setAttribute: (k: string) => marks.push(k),
    };
    submitListener()({
      isTrusted: opts.trusted,
      defaultPrevented: opts.prevented,
      target: form,
      preventDefault: () => {
        prevented = true;
      },
    });
    return { prevented, queued: marks.includes("data-submit-queued") };
  }

  it("is held back and queued when nothing handled it (never sent natively)", () => {
    expect(send({ trusted: true, prevented: false, prerendered: true })).toEqual({
      prevented: true,
      queued: true,
    });
  });

  it("is left alone when React handled it, when it is the app's own replay, or off a prerendered page", () => {
    expect(send({ trusted: true, prevented: true, prerendered: true }).queued).toBe(false);
    expect(send({ trusted: false, prevented: false, prerendered: true })).toEqual({
      prevented: false,
      queued: false,
    });
    expect(send({ trusted: true, prevented: false, prerendered: false })).toEqual({
      prevented: false,
      queued: false,
    });
  });
});

/** index.html's boot shell script against a fake document: what it shows, or null when hidden. */
function bootShell(stored: Record<string, string>, pathname: string) {
  const shellCode = (html.match(/<script id="boot-shell-script">([\s\S]*?)<\/script>/) ?? [])[1] as string;
  const title = { textContent: "" };
  const navAttrs: Record<string, string> = {};
  const shellAttrs: Record<string, string> = {};
  const shell = {
    hidden: true,
    dir: "",
    setAttribute: (k: string, v: string) => {
      shellAttrs[k] = v;
    },
    querySelector: (s: string) =>
      s === ".bs-title"
        ? title
        : {
            setAttribute: (k: string, v: string) => {
              navAttrs[k] = v;
            },
          },
  };
  const headings = {
    "/dashboard/properties": { en: "Properties", de: "Immobilien", es: "Propiedades" },
  };
  const document = {
    getElementById: (id: string) =>
      id === "boot-shell"
        ? shell
        : id === "shell-headings"
          ? { textContent: JSON.stringify(headings) }
          : null,
  };
  const localStorage = { getItem: (k: string) => stored[k] ?? null };
  new Function("document", "localStorage", "location", shellCode)(document, localStorage, { pathname });
  return shell.hidden ? null : { text: title.textContent, dir: shell.dir, nav: navAttrs, attrs: shellAttrs };
}

describe("index.html boot shell script", () => {
  const session = { accessToken: "a", refreshToken: "r" };

  it("shows the page's heading for a stored session, in the stored language", () => {
    expect(bootShell(session, "/dashboard/properties")).toEqual({
      text: "Properties",
      dir: "",
      nav: { "data-nav-color": "evident" },
      attrs: {},
    });
    expect(bootShell(session, "/dashboard/properties/")?.text).toBe("Properties");
    expect(bootShell({ ...session, "app.language": "es" }, "/dashboard/properties")?.text).toBe(
      "Propiedades",
    );
  });

  it("follows the settings that change the frame", () => {
    const settings = { navColor: "discrete", direction: "rtl", responsiveFontSizes: false };
    expect(
      bootShell({ ...session, "app.settings": JSON.stringify(settings) }, "/dashboard/properties"),
    ).toEqual({
      text: "Properties",
      dir: "rtl",
      nav: { "data-nav-color": "discrete" },
      attrs: { "data-fixed-font-sizes": "" },
    });
  });

  it("stays hidden without a session, on a path it has no heading for, or in the horizontal layout", () => {
    expect(bootShell({}, "/dashboard/properties")).toBeNull();
    expect(bootShell(session, "/dashboard/kanban")).toBeNull();
    const horizontal = { "app.settings": JSON.stringify({ layout: "horizontal" }) };
    expect(bootShell({ ...session, ...horizontal }, "/dashboard/properties")).toBeNull();
    expect(bootShell({ ...session, "app.settings": "{not json" }, "/dashboard/properties")).toBeNull();
  });
});
