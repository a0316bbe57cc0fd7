import { beforeEach, describe, expect, it, vi } from "vitest";
import { SETTINGS_STORAGE_KEY, type SettingsStorage } from "./settings";
import { createSettingsStore } from "./settings-store";

class MemoryStorage implements SettingsStorage {
  data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

describe("settings store", () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
  });

  it("starts from the spec defaults, following the system dark preference", () => {
    const store = createSettingsStore(storage, () => true);
    store.initialize();
    const s = store.getState();
    expect(s.isInitialized).toBe(true);
    expect(s.isCustom).toBe(false);
    expect(s.settings).toEqual({
      colorPreset: "blue",
      paletteMode: "dark",
      navColor: "evident",
      layout: "vertical",
      stretch: false,
      contrast: "normal",
      direction: "ltr",
      responsiveFontSizes: true,
    });
  });

  it("merges each change into the saved settings and marks them custom", () => {
    const store = createSettingsStore(storage, () => false);
    store.initialize();
    store.update({ colorPreset: "green" });
    store.update({ direction: "rtl" });
    expect(JSON.parse(storage.getItem(SETTINGS_STORAGE_KEY) ?? "{}")).toEqual({
      colorPreset: "green",
      direction: "rtl",
    });
    expect(store.getState().settings.colorPreset).toBe("green");
    expect(store.getState().isCustom).toBe(true);
  });

  it("loads saved settings on first load and ignores unknown keys and values", () => {
    storage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ stretch: true, colorPreset: "pink", evil: 1 }));
    const store = createSettingsStore(storage, () => false);
    store.initialize();
    expect(store.getState().settings.stretch).toBe(true);
    expect(store.getState().settings.colorPreset).toBe("blue");
    expect(store.getState().settings).not.toHaveProperty("evil");
  });

  it("reset deletes the saved settings and uses the current system preference", () => {
    let dark = false;
    const store = createSettingsStore(storage, () => dark);
    store.initialize();
    store.update({ contrast: "high" });
    dark = true;
    store.reset();
    expect(storage.getItem(SETTINGS_STORAGE_KEY)).toBeNull();
    expect(store.getState().settings.paletteMode).toBe("dark");
    expect(store.getState().settings.contrast).toBe("normal");
    expect(store.getState().isCustom).toBe(false);
  });

  it("only logs storage errors", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken: SettingsStorage = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("quota");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    };
    const store = createSettingsStore(broken, () => false);
    expect(() => store.initialize()).not.toThrow();
    expect(() => store.update({ layout: "horizontal" })).not.toThrow();
    expect(store.getState().settings.layout).toBe("horizontal");
    expect(() => store.reset()).not.toThrow();
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it("notifies subscribers and opens/closes the drawer", () => {
    const store = createSettingsStore(storage, () => false);
    const seen: boolean[] = [];
    store.subscribe(() => seen.push(store.getState().openDrawer));
    store.setOpenDrawer(true);
    store.setOpenDrawer(false);
    expect(seen).toEqual([true, false]);
  });
});
