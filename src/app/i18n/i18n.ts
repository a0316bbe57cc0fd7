import { i18n, type Messages } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";

export const LOCALES = { en: "English", de: "Deutsch", es: "Español" } as const;
export type Locale = keyof typeof LOCALES;
export const DEFAULT_LOCALE: Locale = "en";
const LANGUAGE_STORAGE_KEY = "app.language";

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

type CompiledMessage = ReturnType<typeof compileMessage>;
const compiledMessages = new Map<string, CompiledMessage>();

/**
 * English renders the source text the macros keep in the bundle (vite.config.ts,
 * `stripMessageField: false`), so it needs no catalog: Lingui compiles an ICU message
 * (placeholders, plurals) the first time it is shown, and this cache keeps re-renders
 * from parsing it again. German and Spanish stay precompiled.
 */
export function compileCached(message: string): CompiledMessage {
  let compiled = compiledMessages.get(message);
  if (compiled === undefined) {
    compiled = compileMessage(message);
    compiledMessages.set(message, compiled);
  }
  return compiled;
}
i18n.setMessagesCompiler(compileCached);

// Each translated catalog is its own chunk: only the chosen language is downloaded. English
// (the source language, msgstr = msgid) has none; see compileCached.
const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: async () => ({ messages: {} }),
  de: () => import("./locales/de/messages.po"),
  es: () => import("./locales/es/messages.po"),
};

/** A language's catalog (English has none: its messages are the source text). */
export function loadCatalog(locale: Locale): Promise<{ messages: Messages }> {
  return catalogs[locale]();
}

/** Loads and activates a language; any failure falls back to English. */
export async function activateLocale(locale: Locale): Promise<Locale> {
  try {
    const { messages } = await loadCatalog(locale);
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
