import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { field, freshPage, heading } from "./auth-helpers";
import { launchBrowser } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** Opens the language menu (its button is named in the current language) and picks one. */
async function pickLanguage(page: Page, buttonName: RegExp, language: string) {
  await page.getByRole("button", { name: buttonName }).first().click();
  await page.getByRole("menuitem", { name: language }).click();
}

const LANGUAGE_BUTTON = /^(Language|Sprache|Idioma)$/;

interface Labels {
  heading: string;
  email: string;
  password: string;
  forgot: string;
  lang: string;
}

const EN: Labels = {
  heading: "Log in",
  email: "Email address",
  password: "Password",
  forgot: "Forgot password?",
  lang: "en",
};
const DE: Labels = {
  heading: "Anmelden",
  email: "E-Mail-Adresse",
  password: "Passwort",
  forgot: "Passwort vergessen?",
  lang: "de",
};
const ES: Labels = {
  heading: "Iniciar sesión",
  email: "Correo electrónico",
  password: "Contraseña",
  forgot: "¿Olvidaste tu contraseña?",
  lang: "es",
};

async function expectLoginIn(page: Page, l: Labels) {
  await heading(page, l.heading).waitFor();
  await field(page, l.email).waitFor();
  await field(page, l.password).waitFor();
  await page.getByRole("link", { name: l.forgot }).waitFor();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(l.lang);
}

describe("languages", () => {
  it("switches the login page to Deutsch and Español, and remembers the choice across reloads", async () => {
    const { context, page } = await freshPage(browser);
    await page.goto("/auth/google/login");
    await expectLoginIn(page, EN);

    await pickLanguage(page, LANGUAGE_BUTTON, "Deutsch");
    await expectLoginIn(page, DE);
    expect(await page.getByRole("heading", { name: EN.heading, exact: true }).count()).toBe(0);
    await page.reload();
    await expectLoginIn(page, DE);

    await pickLanguage(page, LANGUAGE_BUTTON, "Español");
    await expectLoginIn(page, ES);
    await page.reload();
    await expectLoginIn(page, ES);
    // Another page follows the remembered language too.
    await page.goto("/auth/google/data-user-forgot-password");
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("es");
    await expect.poll(() => page.title()).not.toBe("Forgot Password | Blocklot");

    await pickLanguage(page, LANGUAGE_BUTTON, "English");
    await page.goto("/auth/google/login");
    await expectLoginIn(page, EN);
    await context.close();
  });
});
