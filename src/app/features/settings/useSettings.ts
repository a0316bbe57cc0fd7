import { useSyncExternalStore } from "react";
import type { Settings } from "./settings";
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

export interface UseSettings extends SettingsState {
  update(change: Partial<Settings>): void;
  reset(): void;
  setOpenDrawer(open: boolean): void;
}

export function useSettings(): UseSettings {
  const state = useSyncExternalStore(settingsStore.subscribe, settingsStore.getState);
  return {
    ...state,
    update: settingsStore.update,
    reset: settingsStore.reset,
    setOpenDrawer: settingsStore.setOpenDrawer,
  };
}
