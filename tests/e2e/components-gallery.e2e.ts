/**
 * The component gallery (issue 17, spec section 2: /components/...) in a real browser: a signed-in
 * employee walks every page on a 390 px phone and on a desktop; each shows its heading and its
 * examples' code, fits the screen without sideways scrolling and has no serious axe violation. The
 * modal examples (the product's NameModal among them) work with the keyboard alone.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freshPage, heading, signIn } from "./auth-helpers";
import { seriousViolations } from "./axe";
import { launchBrowser } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const PAGES: [path: string, title: string][] = [
  ["", "Component gallery"],
  ["buttons", "Buttons"],
  ["charts", "Charts"],
  ["colors", "Colors"],
  ["data-display/detail-lists", "Detail lists"],
  ["data-display/quick-stats", "Quick stats"],
  ["data-display/tables", "Tables"],
  ["forms", "Forms"],
  ["inputs", "Inputs"],
  ["lists/grid-lists", "Grid lists"],
  ["lists/grouped-lists", "Grouped lists"],
  ["modals", "Modals"],
  ["typography", "Typography"],
];

async function walk(page: Page, width: number) {
  for (const [path, title] of PAGES) {
    await page.goto(`/components/${path}`);
    await heading(page, title).waitFor();
    expect(await page.title(), path).toBe(`${title} | Blocklot`);
    if (path) {
      // Every example shows the code that renders it.
      const code = page.getByRole("region", { name: /^Code of / }).first();
      await code.waitFor();
      expect((await code.textContent())?.length ?? 0, path).toBeGreaterThan(20);
    }
    const overflow = await page.evaluate(
      () => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth,
    );
    expect.soft(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
    expect.soft(await seriousViolations(page), `${path} at ${width} px`).toEqual([]);
  }
}

describe("component gallery", () => {
  it("a guest is sent to the login", async () => {
    const { page, context } = await freshPage(browser);
    try {
      await page.goto("/components/buttons");
      await page.waitForURL((u) => u.pathname === "/auth/google/login");
      expect(new URL(page.url()).searchParams.get("returnTo")).toBe("/components/buttons");
    } finally {
      await context.close();
    }
  });

  it("every page renders on a phone and a desktop, and the modals work with the keyboard", async () => {
    const { employee } = inject("demoAccounts");
    const { page, context } = await freshPage(browser, { width: 390, height: 844, touch: true });
    try {
      await signIn(page, employee.email, employee.password);
      await walk(page, 390);

      // The index links every page.
      await page.goto("/components");
      await page.getByRole("link", { name: "Grouped lists" }).click();
      await heading(page, "Grouped lists").waitFor();

      // The colours come from the live theme: its own "purple" preset is in the palette.
      await page.goto("/components/colors");
      await expect.poll(() => page.getByTestId("palette").textContent()).toContain("purple");

      // Modals: Enter opens, the dialog takes the focus, Escape closes and gives it back.
      await page.goto("/components/modals");
      const remove = page.getByRole("button", { name: "Delete item" });
      await remove.focus();
      await page.keyboard.press("Enter");
      const confirm = page.getByRole("dialog", { name: "Delete this item?" });
      await confirm.waitFor();
      await expect
        .poll(() =>
          confirm.getByRole("button", { name: "Cancel" }).evaluate((b) => b === document.activeElement),
        )
        .toBe(true);
      await page.keyboard.press("Escape");
      await confirm.waitFor({ state: "hidden" });
      await expect.poll(() => remove.evaluate((b) => b === document.activeElement)).toBe(true);

      // The product's NameModal: rename by keyboard alone, and the example shows the new name.
      const rename = page.getByRole("button", { name: "Rename board" });
      await rename.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Rename board" });
      const name = dialog.getByRole("textbox", { name: "Board name" });
      await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type("Spring listings");
      await page.keyboard.press("Enter");
      await dialog.waitFor({ state: "hidden" });
      await page.getByText("Board: Spring listings").waitFor();

      await page.setViewportSize({ width: 1280, height: 900 });
      await walk(page, 1280);
    } finally {
      await context.close();
    }
    // 13 pages twice, each with an axe run.
  }, 240_000);
});
