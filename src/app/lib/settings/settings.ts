/** App settings of spec section 3: pure data and rules, no React. */
export type ColorPreset = "green" | "blue" | "indigo" | "purple";
type PaletteMode = "light" | "dark";
type NavColor = "blend-in" | "discrete" | "evident";
type Layout = "vertical" | "horizontal";
export type Contrast = "normal" | "high";
type Direction = "ltr" | "rtl";

export interface Settings {
  colorPreset: ColorPreset;
  paletteMode: PaletteMode;
  navColor: NavColor;
  layout: Layout;
  /** false = Compact, true = Wide. */
  stretch: boolean;
  contrast: Contrast;
  direction: Direction;
  responsiveFontSizes: boolean;
}

export const SETTINGS_STORAGE_KEY = "app.settings";

export const COLOR_PRESETS: readonly ColorPreset[] = ["green", "blue", "indigo", "purple"];
const NAV_COLORS: readonly NavColor[] = ["blend-in", "discrete", "evident"];

export function defaultSettings(prefersDark: boolean): Settings {
  return {
    colorPreset: "blue",
    paletteMode: prefersDark ? "dark" : "light",
    navColor: "evident",
    layout: "vertical",
    stretch: false,
    contrast: "normal",
    direction: "ltr",
    responsiveFontSizes: true,
  };
}

const ALLOWED: { [K in keyof Settings]: readonly Settings[K][] } = {
  colorPreset: COLOR_PRESETS,
  paletteMode: ["light", "dark"],
  navColor: NAV_COLORS,
  layout: ["vertical", "horizontal"],
  stretch: [true, false],
  contrast: ["normal", "high"],
  direction: ["ltr", "rtl"],
  responsiveFontSizes: [true, false],
};

/** Keeps only known keys with allowed values, so a hand-edited or old entry cannot break the app. */
export function sanitize(raw: unknown): Partial<Settings> {
  if (!raw || typeof raw !== "object") return {};
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(ALLOWED) as (keyof Settings)[]) {
    const value = (raw as Record<string, unknown>)[key];
    if ((ALLOWED[key] as readonly unknown[]).includes(value)) out[key] = value;
  }
  return out as Partial<Settings>;
}

export function isCustom(settings: Settings, defaults: Settings): boolean {
  return (Object.keys(defaults) as (keyof Settings)[]).some((k) => settings[k] !== defaults[k]);
}

export interface SettingsStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Reads saved settings; a missing, broken or unreadable entry gives {} (errors are only logged). */
export function loadSaved(storage: SettingsStorage | undefined): Partial<Settings> {
  try {
    const raw = storage?.getItem(SETTINGS_STORAGE_KEY);
    return raw ? sanitize(JSON.parse(raw)) : {};
  } catch (error) {
    console.error("Could not read settings", error);
    return {};
  }
}

/** Merges a change into the saved settings and writes them back. */
export function saveMerged(storage: SettingsStorage | undefined, change: Partial<Settings>): void {
  try {
    if (!storage) return;
    const merged = { ...loadSaved(storage), ...sanitize(change) };
    storage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(merged));
  } catch (error) {
    console.error("Could not save settings", error);
  }
}

export function removeSaved(storage: SettingsStorage | undefined): void {
  try {
    storage?.removeItem(SETTINGS_STORAGE_KEY);
  } catch (error) {
    console.error("Could not reset settings", error);
  }
}
