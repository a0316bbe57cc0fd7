import { useSyncExternalStore } from "react";
import { defaultSettings, type Settings } from "./settings";
import { createSettingsStore, type SettingsState } from "./settings-store";

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch (error) {
    console.error("localStorage is not available", error);
    return undefined;
  }
}

const prefersDark = () =>
  typeof window !== "undefined" && window.matchMedia?.("(prefers-color-scheme: dark)").matches === true;

/** The one settings store of the app. */
export const settingsStore = createSettingsStore(safeLocalStorage(), prefersDark);
settingsStore.initialize();

/**
 * What the prerendered HTML was rendered with and what hydration renders: the defaults. The
 * saved settings apply right after hydration (index.html's boot script makes main.tsx render
 * from scratch instead when they would change the markup). Light and dark differ only in
 * CSS variables, not in markup, so the colour scheme may follow the system here and the boot
 * script sets it on <html> before the first paint.
 */
const serverState: SettingsState = {
  settings: defaultSettings(prefersDark()),
  isCustom: false,
  isInitialized: true,
  openDrawer: false,
};
// The store's own state object when its markup matches the defaults' (any colour scheme):
// React then sees no change after hydration and does not re-render the whole tree from the
// theme provider down.
const markupKeys = (Object.keys(serverState.settings) as (keyof Settings)[]).filter(
  (k) => k !== "paletteMode",
);
const getServerState = () => {
  const state = settingsStore.getState();
  const same = markupKeys.every((k) => state.settings[k] === serverState.settings[k]);
  return same && !state.openDrawer ? state : serverState;
};

export interface UseSettings extends SettingsState {
  update(change: Partial<Settings>): void;
  reset(): void;
  setOpenDrawer(open: boolean): void;
}

export function useSettings(): UseSettings {
  const state = useSyncExternalStore(settingsStore.subscribe, settingsStore.getState, getServerState);
  return {
    ...state,
    update: settingsStore.update,
    reset: settingsStore.reset,
    setOpenDrawer: settingsStore.setOpenDrawer,
  };
}
