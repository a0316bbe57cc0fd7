import { i18n, type Messages } from "@lingui/core";

export const LOCALES = { en: "English", de: "Deutsch", es: "Español" } as const;
export type Locale = keyof typeof LOCALES;
export const DEFAULT_LOCALE: Locale = "en";
export const LANGUAGE_STORAGE_KEY = "app.language";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && Object.hasOwn(LOCALES, value);
}

/** The remembered language, else English. */
export function storedLocale(): Locale {
  try {
    const saved = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLocale(saved) ? saved : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

// Each catalog is its own chunk: only the chosen language is downloaded.
const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import("./locales/en/messages.po"),
  de: () => import("./locales/de/messages.po"),
  es: () => import("./locales/es/messages.po"),
};

/** Loads and activates a language; any failure falls back to English. */
export async function activateLocale(locale: Locale): Promise<Locale> {
  try {
    const { messages } = await catalogs[locale]();
    i18n.loadAndActivate({ locale, messages });
  } catch (error) {
    console.error(`Could not load the ${locale} catalog`, error);
    if (locale !== DEFAULT_LOCALE) return activateLocale(DEFAULT_LOCALE);
    i18n.loadAndActivate({ locale: DEFAULT_LOCALE, messages: {} });
  }
  const active = i18n.locale as Locale;
  document.documentElement.lang = active;
  return active;
}

/** Switches language and remembers the choice. */
export async function changeLocale(locale: Locale): Promise<void> {
  await activateLocale(locale);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch (error) {
    console.error("Could not remember the language", error);
  }
}

export { i18n };
