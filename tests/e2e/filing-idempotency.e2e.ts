import type { Browser, BrowserContext, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freshPage, heading, registerConfirmedUser, signIn } from "./auth-helpers";
import { launchBrowser, mailDir, uniqueEmail } from "./browser";
import { mailsTo } from "./mailbox";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const dialog = (page: Page) => page.getByRole("dialog");
const bearer = async (page: Page) => ({
  authorization: `Bearer ${await page.evaluate(() => localStorage.getItem("accessToken"))}`,
});

interface Lost {
  /** What the server answered to the request whose answer never reached the app. */
  status: number;
  body: Record<string, unknown>;
  /** Idempotency-Key of every request the app sent to this route, in order. */
  keys: (string | undefined)[];
}

/**
 * The first POST to `pattern` reaches the server, but its answer is lost on the way back
 * (connection reset); later ones go through. Records what the server answered and the keys sent.
 */
async function loseFirstAnswer(context: BrowserContext, pattern: string): Promise<Lost> {
  const lost: Lost = { status: 0, body: {}, keys: [] };
  // On the context, so a request the service worker passes on is caught too.
  await context.route(pattern, async (route: Route) => {
    if (route.request().method() !== "POST") return route.continue();
    lost.keys.push(route.request().headers()["idempotency-key"]);
    if (lost.keys.length > 1) return route.continue();
    const res = await route.fetch();
    lost.status = res.status();
    lost.body = (await res.json()) as Record<string, unknown>;
    await route.abort("connectionreset");
  });
  return lost;
}

describe("filing writes survive a lost answer (Idempotency-Key)", () => {
  it("a quote sent and accepted once although each first answer was lost; the screens show it", async () => {
    const email = uniqueEmail("idem");
    const password = "idem-password-123";
    await registerConfirmedUser(email, password, "Ida Idem");
    const owner = await freshPage(browser, { width: 1280, height: 900 });
    const page = owner.page;
    await signIn(page, email, password);
    const auth = await bearer(page);

    // Set up through the API: a property, a filing, documents sent.
    const prop = await page.request.post("/api/bbl", {
      headers: auth,
      data: { bbl: "1-01120-0047", address: "47 Retry Road", residentialUnits: 12, commercialUnits: 0 },
    });
    expect(prop.status()).toBe(201);
    const propertyId = ((await prop.json()) as { id: string }).id;
    const year = new Date().getFullYear();
    const started = await page.request.post("/api/filings", { headers: auth, data: { propertyId, year } });
    expect(started.status()).toBe(201);
    const filing = (await started.json()) as { id: string; version: number };
    const sent = await page.request.post(`/api/filings/${filing.id}/documents-sent`, {
      headers: auth,
      data: { version: filing.version },
    });
    expect(sent.status()).toBe(200);

    // Staff move it to In review (API), then send the quote from the screen, whose first answer is lost.
    const staff = await freshPage(browser, { width: 1280, height: 900 });
    const admin = staff.page;
    await signIn(admin, inject("adminEmail"), inject("adminPassword"));
    const staffAuth = await bearer(admin);
    const received = (await sent.json()) as { version: number };
    const moved = await admin.request.post(`/api/admin/filings/${filing.id}/transition`, {
      headers: staffAuth,
      data: { to: "in_review", version: received.version },
    });
    expect(moved.status()).toBe(200);

    const quoteCall = await loseFirstAnswer(staff.context, `**/api/admin/filings/${filing.id}/quote`);
    await admin.goto(`/admin/filings/${filing.id}`);
    const state = admin.getByTestId("admin-filing-state");
    await expect.poll(() => state.textContent(), { timeout: 10_000 }).toBe("In review");
    await admin.getByLabel("Line 1 unit price ($)").fill("300");
    await admin.getByRole("button", { name: "Send quote" }).click();
    await expect.poll(() => state.textContent(), { timeout: 15_000 }).toBe("Quoted");
    await expect.poll(() => quoteCall.keys.length, { timeout: 10_000 }).toBe(2);
    expect(quoteCall.status).toBe(201);
    const firstQuote = (quoteCall.body.quote as { id: string }).id;
    const afterQuote = (await (
      await admin.request.get(`/api/admin/filings/${filing.id}`, { headers: staffAuth })
    ).json()) as { quote: { id: string; status: string }; events: { type: string }[] };
    // One quote: the one the lost request made (a second run would have replaced it with another).
    expect(afterQuote.quote).toMatchObject({ id: firstQuote, status: "sent" });
    expect(afterQuote.events.filter((e) => e.type === "quote_sent")).toHaveLength(0);
    expect(await admin.getByTestId("quote-editor").getByRole("alert").count()).toBe(0);
    // How: the app tried again with the same key, and the server answered what it had done the first time.
    expect(quoteCall.keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(quoteCall.keys[1]).toBe(quoteCall.keys[0]);

    // The owner accepts; the first answer is lost again: one invoice, and the card shows it.
    const acceptCall = await loseFirstAnswer(owner.context, "**/api/quotes/*/accept");
    await page.goto("/dashboard/filings");
    await heading(page, "Filings").waitFor();
    const card = page.getByTestId("filing-card");
    await card.getByTestId("filing-quote").waitFor({ timeout: 15_000 });
    await card.getByRole("button", { name: "Accept quote" }).click();
    await dialog(page).getByRole("button", { name: "Accept quote" }).click();
    // Success on screen: the confirmation closes and says so (an error would keep it open).
    await page.getByText("Quote accepted").waitFor({ timeout: 15_000 });
    await expect.poll(() => dialog(page).count(), { timeout: 10_000 }).toBe(0);
    const invoiceLink = card.getByTestId("filing-invoice-link");
    await invoiceLink.waitFor({ timeout: 15_000 });
    expect(acceptCall.keys).toHaveLength(2);
    expect(acceptCall.keys[1]).toBe(acceptCall.keys[0]);
    expect(acceptCall.status).toBe(200);
    const invoice = acceptCall.body.invoice as { id: string; number: string };
    expect(await invoiceLink.textContent()).toBe(`Invoice ${invoice.number}`);
    const invoices = (await (await page.request.get("/api/invoices", { headers: auth })).json()) as {
      id: string;
    }[];
    expect(invoices.map((i) => i.id)).toEqual([invoice.id]);

    // Pay: the checkout's first answer is lost too; the page still shows the instructions.
    const checkoutCall = await loseFirstAnswer(owner.context, `**/api/invoices/${invoice.id}/checkout`);
    await page.goto(`/checkout?invoiceId=${invoice.id}`);
    await heading(page, "Pay by bank transfer or check").waitFor({ timeout: 15_000 });
    expect(await page.getByTestId("payment-reference").textContent()).toBe(invoice.number);
    expect(checkoutCall.keys).toHaveLength(2);
    expect(checkoutCall.keys[1]).toBe(checkoutCall.keys[0]);

    // The owner was told about the quote once.
    const quoteMails = () =>
      mailsTo(mailDir(), email).filter((m) => m.raw.includes("Your quote for the")).length;
    await expect.poll(quoteMails, { timeout: 10_000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 1000));
    expect(quoteMails()).toBe(1);
  });
});
