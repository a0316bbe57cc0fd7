/**
 * Label benchmark (issue 7: "rendering 300 labels to a printable page: at most 3 s"). The BUILT
 * product on its own seeded server, headless Debian Chromium at a desktop size. 300 items of
 * the demo seller are made through the API and pulled onto the device; on Print Labels they are
 * chosen with one "Select all matches", and the time is taken from that click until all 300
 * labels (each with its CODE128 bars) are in the printable layout and the next frame is
 * painted. Then the same for switching the label size (all 300 re-laid out), and the time
 * Chromium takes to print the layout to PDF (what "Print" hands the printer).
 *
 * Run: npx tsx tests/bench/labels.ts  (or npm run bench -- labels). Results: docs/benchmarks.md.
 */
import { chromium, type Page } from "playwright-core";
import { v7 as uuidv7 } from "uuid";
import { type Figure, runWhenMain, startSeededServer } from "./util";

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const COUNT = 300;
const RUNS = Number(process.env.BENCH_LABELS_RUNS || 5);
const BENCH = "labels (headless Chromium, 1280×900)";
const TARGET_MS = 3000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const round = (n: number) => Math.round(n);

/**
 * Clicks a control inside the page and resolves with the ms until `count` labels with bars are
 * laid out for `size` and a frame has been painted after that.
 */
function timeUntilLabels(page: Page, click: { role: "button" | "radio"; name: string }, size: string) {
  // A string, not a function: tsx would wrap the function's inner helpers in its __name().
  const script = `new Promise((resolve, reject) => {
    const click = ${JSON.stringify(click)};
    const controls = [...document.querySelectorAll(click.role === "radio" ? "input[type=radio]" : "button")];
    const target = controls.find((el) =>
      ((click.role === "radio" ? document.querySelector('label[for="' + el.id + '"]')?.textContent : el.textContent) ?? "").trim() === click.name);
    if (!target) return reject(new Error("no " + click.role + " named " + click.name));
    const ready = () => {
      const root = document.querySelector('[data-testid=label-print][data-size="${size}"]');
      return !!root && root.querySelectorAll("[data-testid=label] svg path").length === ${COUNT};
    };
    const t0 = performance.now();
    target.click();
    const poll = () => {
      if (ready()) requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
      else if (performance.now() - t0 > 60000) reject(new Error("labels did not render in 60 s"));
      else requestAnimationFrame(poll);
    };
    poll();
  })`;
  return page.evaluate(script) as Promise<number>;
}

export async function labelsBench(): Promise<Figure[]> {
  const run = `BL${Date.now().toString(36).toUpperCase()}`;
  const server = await startSeededServer("labels");
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    await context.addInitScript(() => localStorage.setItem("acceptedCookies", "true"));
    const page = await context.newPage();
    await page.goto("/auth/google/login");
    await page.getByLabel(/^Email address/).fill(server.seller.email);
    await page.getByLabel(/^Password/).fill(server.seller.password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/dashboard"));
    const token = (await page.evaluate(() => localStorage.getItem("accessToken"))) as string;

    for (let i = 0; i < COUNT; i++) {
      const res = await fetch(`${server.url}/api/inventory/items/${uuidv7()}`, {
        method: "PUT",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({
          sku: `${run}-${String(i).padStart(4, "0")}`,
          title: `Benchmark item ${i} — vintage brass desk lamp with green glass shade`,
          description: "Made by the label benchmark",
          quantity: 1,
          price: 1000 + i,
          location: `R${i % 12}-B${i % 7}`,
        }),
      });
      if (res.status !== 201) throw new Error(`item ${i}: ${res.status} ${await res.text()}`);
    }

    const select: number[] = [];
    const switched: number[] = [];
    const pdfAvery: number[] = [];
    const pdfThermal: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      await page.evaluate(() => {
        for (const k of Object.keys(sessionStorage))
          if (k.startsWith("blocklot:labels:")) sessionStorage.removeItem(k);
        localStorage.setItem("blocklot.labels.size", JSON.stringify("avery-5160"));
      });
      await page.goto("/dashboard/print-inventory-label");
      await page.getByRole("searchbox", { name: "Search items" }).fill(run);
      await page.getByText(`${COUNT} matching items`).waitFor({ timeout: 60_000 });
      select.push(await timeUntilLabels(page, { role: "button", name: "Select all matches" }, "avery-5160"));
      switched.push(
        await timeUntilLabels(page, { role: "radio", name: "2 × 1 in thermal label" }, "thermal-2x1"),
      );

      await page.emulateMedia({ media: "print" });
      let t = performance.now();
      const thermal = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      pdfThermal.push(performance.now() - t);
      await page.emulateMedia({ media: "screen" });
      await timeUntilLabels(
        page,
        { role: "radio", name: "Avery 5160 sheet (US Letter, 30 labels of 2⅝ × 1 in)" },
        "avery-5160",
      );
      await page.emulateMedia({ media: "print" });
      t = performance.now();
      const avery = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      pdfAvery.push(performance.now() - t);
      await page.emulateMedia({ media: "screen" });
      const pages = (b: Buffer) => (b.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? []).length;
      if (pages(thermal) !== COUNT || pages(avery) !== COUNT / 30)
        throw new Error(`printed ${pages(thermal)} thermal pages and ${pages(avery)} sheets`);
    }

    return [
      {
        bench: BENCH,
        metric: `${COUNT} labels → printable page`,
        value: round(median(select)),
        unit: "ms",
        target: { op: "<", value: TARGET_MS },
      },
      { bench: BENCH, metric: `${COUNT} labels, size switched`, value: round(median(switched)), unit: "ms" },
      { bench: BENCH, metric: `PDF, ${COUNT} thermal pages`, value: round(median(pdfThermal)), unit: "ms" },
      { bench: BENCH, metric: `PDF, ${COUNT / 30} Avery sheets`, value: round(median(pdfAvery)), unit: "ms" },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}

runWhenMain(import.meta.filename, labelsBench);
