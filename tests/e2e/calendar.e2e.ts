/**
 * The calendar (docs/calendar.md): a property's RPIE deadline appears by itself, and an event made
 * by selecting days on the month view is saved and shown.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentFilingYear, filingDeadline, todayInNewYork } from "../../src/domain/rpie";
import { freshPage, heading, registerConfirmedUser, signIn } from "./auth-helpers";
import { launchBrowser, uniqueEmail } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const input = (scope: Pick<Page, "getByLabel">, label: string) =>
  scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*\\*?$`));

describe("calendar", () => {
  it("shows a property's RPIE deadline and an event created by selecting days", async () => {
    const email = uniqueEmail("calendar");
    await registerConfirmedUser(email, "calendar-password-123", "Cal Owner");
    const { page } = await freshPage(browser, { width: 1280, height: 900 });
    await signIn(page, email, "calendar-password-123");

    await page.goto("/dashboard/properties");
    await page.getByRole("button", { name: "Add property" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add property" });
    await input(dialog, "BBL").fill("1-01119-0036");
    await input(dialog, "Address").fill("100 Central Park West");
    await input(dialog, "Residential units").fill("120");
    await dialog.getByLabel("Actual assessed value (AAV)").fill("4500000");
    await dialog.getByRole("button", { name: "Add property" }).click();
    await dialog.waitFor({ state: "hidden" });

    // June 1 moved to the next business day, in the filing year still ahead
    const deadline = filingDeadline(currentFilingYear(todayInNewYork()));
    await page.goto(`/dashboard/calendar?date=${deadline}`);
    await heading(page, "Calendar").waitFor();
    const calendar = page.getByTestId("calendar");
    const deadlineCell = calendar.locator(`td.fc-daygrid-day[data-date="${deadline}"]`);
    await deadlineCell.getByText("RPIE due: 100 Central Park West (BBL 1011190036)").waitFor();

    // select two days of the week after the deadline by dragging across them
    const day = (n: number) => {
      const d = new Date(`${deadline}T12:00:00Z`);
      d.setUTCDate(d.getUTCDate() + n);
      return d.toISOString().slice(0, 10);
    };
    const from = await calendar
      .locator(`td.fc-daygrid-day[data-date="${day(7)}"] .fc-daygrid-day-frame`)
      .boundingBox();
    const to = await calendar
      .locator(`td.fc-daygrid-day[data-date="${day(8)}"] .fc-daygrid-day-frame`)
      .boundingBox();
    if (!from || !to) throw new Error("day cells not laid out");
    await page.mouse.move(from.x + from.width / 2, from.y + from.height - 8);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height - 8, { steps: 5 });
    await page.mouse.up();

    const modal = page.getByRole("dialog", { name: "New event" });
    await input(modal, "Title").fill("Boiler inspection");
    await modal.getByRole("button", { name: "Save" }).click();
    await modal.waitFor({ state: "hidden" });
    await calendar
      .locator(`td.fc-daygrid-day[data-date="${day(7)}"]`)
      .getByText("Boiler inspection")
      .waitFor();
    // it reached the server through the outbox
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const res = await fetch("/api/calendar/events", {
            headers: { authorization: `Bearer ${localStorage.getItem("accessToken") ?? ""}` },
          });
          const body = (await res.json()) as {
            rows: { title: string; allDay: boolean; start: string; end: string }[];
          };
          return body.rows.map((r) => [r.title, r.allDay, r.start, r.end]);
        }),
      )
      .toEqual([["Boiler inspection", true, day(7), day(9)]]);
  });
});
