import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshPage, heading, registerConfirmedUser, signIn } from "./auth-helpers";
import { launchBrowser, newPage, uniqueEmail } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** An input by its label, ignoring Mantine's required asterisk. */
const input = (scope: Pick<Page, "getByLabel">, label: string) =>
  scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*\\*?$`));

const row = (page: Page, bbl: string) => page.locator(`[data-testid=property-row][data-bbl="${bbl}"]`);
const badgeTexts = async (page: Page, bbl: string) =>
  (await row(page, bbl).locator(".mantine-Badge-root").allTextContents()).map((s) => s.trim());

describe("properties page", () => {
  it("adds a property by BBL, shows its obligation, edits it and deletes it", async () => {
    const email = uniqueEmail("owner");
    await registerConfirmedUser(email, "owner-password-123", "Olga Owner");
    const { context, page } = await freshPage(browser, { width: 1280, height: 900 });
    await signIn(page, email, "owner-password-123");

    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Properties" })
      .click();
    await page.waitForURL((u) => u.pathname === "/dashboard/properties");
    await heading(page, "Properties").waitFor();
    await page.getByTestId("properties-empty").getByText("No properties yet").waitFor();
    await expect.poll(() => page.title()).toBe("Properties | Blocklot");

    // Add: the BBL is checked as it is typed.
    await page.getByRole("button", { name: "Add property" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add property" });
    const bbl = input(dialog, "BBL");
    await bbl.fill("9-01119-0036");
    await dialog
      .getByText("Borough must be 1–5 (Manhattan, Bronx, Brooklyn, Queens, Staten Island)")
      .waitFor();
    await bbl.fill("1-00000-0036");
    await dialog.getByText("Block must be 1–99999").waitFor();
    await bbl.fill("Manhattan 1119 36");
    await dialog.getByText("1-01119-0036 · Manhattan").waitFor();

    // The look-up cannot reach NYC Open Data here: the form says so and stays manual.
    await dialog.getByRole("button", { name: "Look up" }).click();
    await dialog
      .getByText("NYC Open Data is unreachable — enter the details by hand.")
      .waitFor({ timeout: 10_000 });

    await input(dialog, "Address").fill("100 Central Park West");
    await input(dialog, "Residential units").fill("120");
    await input(dialog, "Commercial units").fill("4");
    await dialog.getByLabel("Actual assessed value (AAV)").fill("4500000");
    await dialog.getByRole("button", { name: "Add property" }).click();
    await dialog.waitFor({ state: "hidden" });

    await row(page, "1011190036").waitFor();
    await expect.poll(() => row(page, "1011190036").getByText("1-01119-0036").isVisible()).toBe(true);
    const badges = await badgeTexts(page, "1011190036");
    expect(badges).toEqual(expect.arrayContaining(["Must file", "Full form", "Rent roll", "$5,000 at risk"]));
    expect(badges.some((b) => /^Due .+ (day|days) left$|^Due today$/.test(b))).toBe(true);

    // The same BBL again is refused in the form.
    await page.getByRole("button", { name: "Add property" }).first().click();
    const again = page.getByRole("dialog", { name: "Add property" });
    await input(again, "BBL").fill("1011190036");
    await again.getByRole("button", { name: "Add property" }).click();
    await again.getByText("This property is already in your company").waitFor();
    await again.getByRole("button", { name: "Cancel" }).click();
    await again.waitFor({ state: "hidden" });

    // The sort is the browser's own select: chosen by its label, kept in the address.
    const sort = page.getByRole("combobox", { name: "Sort by" });
    await sort.selectOption({ label: "Address" });
    await page.waitForURL((u) => u.searchParams.get("sortBy") === "address");
    await expect.poll(() => sort.inputValue()).toBe("address");
    await row(page, "1011190036").waitFor();

    // Edit: a small walk-up is excluded and files a Claim of Exclusion instead.
    await row(page, "1011190036").getByRole("button", { name: "Edit 1-01119-0036" }).click();
    const edit = page.getByRole("dialog", { name: "Edit property" });
    await input(edit, "Residential units").fill("8");
    await input(edit, "Commercial units").fill("0");
    await edit.getByLabel("Actual assessed value (AAV)").fill("98000");
    await edit.getByText("No files uploaded for this property yet.").waitFor();
    await edit.getByRole("button", { name: "Save changes" }).click();
    await edit.waitFor({ state: "hidden" });
    await expect
      .poll(() => badgeTexts(page, "1011190036"))
      .toEqual(expect.arrayContaining(["Claim of Exclusion", "Claim form", "$100 at risk"]));

    // Delete, after confirming. The dialog's first opening (it mounts then) still gives the focus
    // back to its button when it closes.
    const deleteButton = row(page, "1011190036").getByRole("button", { name: "Delete 1-01119-0036" });
    await deleteButton.click();
    const confirm = page.getByRole("dialog", { name: "Delete property?" });
    await confirm.getByRole("button", { name: "Cancel" }).waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => confirm.count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("Delete 1-01119-0036");
    expect(await row(page, "1011190036").count()).toBe(1);
    await deleteButton.click();
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByTestId("properties-empty").waitFor();
    expect(await row(page, "1011190036").count()).toBe(0);
    await context.close();
  });

  it("shows properties as cards on a phone", async () => {
    const email = uniqueEmail("phone");
    await registerConfirmedUser(email, "phone-password-123", "Pia Phone");
    const { context, page } = await freshPage(browser, { width: 390, height: 844 });
    await signIn(page, email, "phone-password-123");
    const token = await page.evaluate(() => localStorage.getItem("accessToken"));
    const res = await page.request.post("/api/bbl", {
      headers: { authorization: `Bearer ${token}` },
      data: { bbl: "3-00123-0045", residentialUnits: 0, commercialUnits: 2, aav: 60_000 },
    });
    expect(res.status()).toBe(201);
    await page.goto("/dashboard/properties");
    await row(page, "3001230045").waitFor();
    expect(await page.getByTestId("properties-table").count()).toBe(0);
    expect(await badgeTexts(page, "3001230045")).toEqual(
      expect.arrayContaining(["Must file", "Short form", "$300 at risk"]),
    );

    // With the cookie question still open, the full-screen form's last buttons scroll above the
    // banner instead of staying under it (a tap is refused on a covered button).
    const refresh = await page.evaluate(() => localStorage.getItem("refreshToken"));
    await context.close();
    const phone = await newPage(browser, { width: 390, height: 844, touch: true });
    await phone.context.addInitScript(
      ([access, next]) => {
        localStorage.setItem("accessToken", access as string);
        localStorage.setItem("refreshToken", next as string);
      },
      [token, refresh],
    );
    await phone.page.goto("/dashboard/properties");
    await phone.page.getByTestId("cookie-banner").waitFor();
    await phone.page.getByRole("button", { name: "Add property" }).first().tap();
    const dialog = phone.page.getByRole("dialog", { name: "Add property" });
    await dialog.getByRole("button", { name: "Cancel" }).tap({ timeout: 10_000 });
    await dialog.waitFor({ state: "hidden" });
    await phone.context.close();
  });
});

describe("public checker", () => {
  it("answers on /faq without signing in", async () => {
    const { context, page } = await freshPage(browser, { width: 1280, height: 900 });
    await page.goto("/faq");
    const checker = page.getByTestId("rpie-checker");
    // /faq is prerendered: the checker is drawn by the app, which starts once it scrolls into view.
    await page.getByRole("heading", { name: "Do I have to file?" }).scrollIntoViewIfNeeded();
    await checker.waitFor();
    await checker.getByLabel("Actual assessed value (AAV)").fill("30000");
    await checker.getByRole("button", { name: "Check" }).click();
    await checker.getByText("No — this property does not have to file.").waitFor();

    await checker.getByLabel("Actual assessed value (AAV)").fill("500000");
    await input(checker, "Commercial units").fill("5");
    await checker.getByRole("button", { name: "Check" }).click();
    await checker.getByText("Yes — this property must file an RPIE statement.").waitFor();
    const badges = (
      await checker.getByTestId("rpie-result").locator(".mantine-Badge-root").allTextContents()
    ).map((s) => s.trim());
    expect(badges).toEqual(expect.arrayContaining(["Must file", "Full form", "$3,000 at risk"]));

    await input(checker, "Residential units").fill("6");
    await input(checker, "Commercial units").fill("1");
    await checker.getByRole("button", { name: "Check" }).click();
    await checker.getByText("This property is excluded, but must file a Claim of Exclusion.").waitFor();
    await context.close();
  });
});
