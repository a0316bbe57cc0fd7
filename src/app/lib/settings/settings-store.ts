import {
  defaultSettings,
  isCustom,
  loadSaved,
  removeSaved,
  type Settings,
  type SettingsStorage,
  sanitize,
  saveMerged,
} from "./settings";

export interface SettingsState {
  settings: Settings;
  /** True when the settings differ from the defaults (the reset button shows a dot). */
  isCustom: boolean;
  /** Runtime only. */
  isInitialized: boolean;
  openDrawer: boolean;
}

export interface SettingsStore {
  getState(): SettingsState;
  subscribe(listener: () => void): () => void;
  /** Loads saved settings (first load) and marks the store initialised. */
  initialize(): void;
  update(change: Partial<Settings>): void;
  reset(): void;
  setOpenDrawer(open: boolean): void;
}

export function createSettingsStore(
  storage: SettingsStorage | undefined,
  prefersDark: () => boolean,
): SettingsStore {
  const listeners = new Set<() => void>();
  const defaults = defaultSettings(prefersDark());
  let state: SettingsState = { settings: defaults, isCustom: false, isInitialized: false, openDrawer: false };

  const set = (next: Partial<SettingsState>) => {
    state = { ...state, ...next };
    if (next.settings) state.isCustom = isCustom(state.settings, defaultSettings(prefersDark()));
    for (const l of listeners) l();
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    initialize() {
      if (state.isInitialized) return;
      set({ settings: { ...defaultSettings(prefersDark()), ...loadSaved(storage) }, isInitialized: true });
    },
    update(change) {
      const clean = sanitize(change);
      saveMerged(storage, clean);
      set({ settings: { ...state.settings, ...clean } });
    },
    reset() {
      removeSaved(storage);
      set({ settings: defaultSettings(prefersDark()) });
    },
    setOpenDrawer(open) {
      set({ openDrawer: open });
    },
  };
}
