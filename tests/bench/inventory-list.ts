/**
 * Batch items list and outbox replay benchmark (issue 6), in headless Debian Chromium against
 * the BUILT product (`node dist/server/main.js`, its own PGlite data directory, demo accounts
 * from `dist/server/seed.js`):
 *
 * 1. Items list, 50,000 rows of one batch in Dexie (written straight into the page's IndexedDB
 *    "blocklot" database, as a finished pull or import leaves them):
 *    - first rows: from an in-app navigation to /dashboard/item/{id} (the router's own
 *      popstate path) until the first row is in the DOM and a frame has been painted — the
 *      median of 7; a full page load (reload) is also reported, without a target;
 *    - text filter: from the `input` event of the search box until the count says the new
 *      number of matches and a frame has been painted — one SKU (1 match) and a common word
 *      (5,000 matches), median and worst of 7 each;
 *    - IndexedDB storage the 50,000 items take (navigator.storage.estimate, before/after).
 * 2. Replay: 1,000 items on the server (PUT), shown in the list; the browser goes offline,
 *    every row is selected and set to "Sold" (1,000 PATCH writes queued in the outbox); the
 *    browser goes online and the real sync engine drains them to the real server. Time from
 *    `online` to an empty outbox; then the server is asked: 1,000 items, all sold, each at
 *    version 2 (a write applied twice would make it 3) — "duplicates" counts any other state.
 *
 * Env: BENCH_LIST_ROWS (50000), BENCH_REPLAY_WRITES (1000), BENCH_REPLAY_LIST_CLOSED=1 (replay
 * from the account page instead of the open list), BENCH_PROFILE=1 (CPU profile of the page and
 * request timing during the replay), BENCH_DATABASE_URL (the server on that PostgreSQL instead of
 * its embedded PGlite, e.g. `bash scripts/with-postgres.sh sh -c 'BENCH_DATABASE_URL=$DATABASE_URL
 * npm run bench -- inventory-import'`; also used by the import bench).
 *
 * Run: npx tsx tests/bench/inventory-list.ts   (or `npm run bench -- inventory-list`)
 */
import { chromium, type Page } from "playwright-core";
import { v7 as uuidv7 } from "uuid";
import { ensureBuilt, type Figure, runWhenMain, startSeededServer } from "./util";

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const BENCH = "inventory list (Chromium)";
const LIST_ROWS = Number(process.env.BENCH_LIST_ROWS || 50_000);
const REPLAY_WRITES = Number(process.env.BENCH_REPLAY_WRITES || 1000);
const RUNS = 7;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const round = (n: number) => Math.round(n * 10) / 10;

/** The built server with the demo accounts (tests/bench/util.ts). */
export const startServer = () => startSeededServer("inv");

function api(base: string, token: string) {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  };
}

const WORDS = ["lamp", "vase", "chair", "table", "mirror", "clock", "frame", "bowl", "rug", "shelf"];

/** Writes `count` items of a batch straight into the page's Dexie database (raw IndexedDB). */
async function fillDexie(page: Page, o: { batchId: string; companyId: string; count: number }) {
  await page.evaluate(
    async ({ batchId, companyId, count, words }) => {
      const db = await new Promise<IDBDatabase>((res, rej) => {
        const r = indexedDB.open("blocklot");
        r.onsuccess = () => res(r.result);
        r.onerror = () => rej(r.error);
      });
      const t0 = Date.UTC(2026, 0, 1);
      const hex = (n: number, w: number) => n.toString(16).padStart(w, "0");
      const CHUNK = 5000;
      for (let start = 0; start < count; start += CHUNK) {
        await new Promise<void>((res, rej) => {
          const tx = db.transaction("items", "readwrite");
          const store = tx.objectStore("items");
          for (let i = start; i < Math.min(count, start + CHUNK); i++) {
            const ms = t0 + i;
            const at = new Date(ms).toISOString();
            const word = words[i % words.length] as string;
            store.put({
              id: `${hex(Math.floor(ms / 65536), 8)}-${hex(ms % 65536, 4)}-7000-8000-${hex(i, 12)}`,
              companyId,
              version: 1,
              createdAt: at,
              updatedAt: at,
              batchId,
              productId: null,
              sku: `BENCH-${String(i).padStart(6, "0")}`,
              barcode: String(100000000000 + i),
              title: `Vintage ${word} no. ${i}`,
              description: `A ${word} from the bench batch, row ${i}.`,
              quantity: i % 17,
              condition: 13,
              price: 1000 + (i % 500),
              category: "inventory",
              dimensions: { length: 10, width: 5, height: 2, unit: "INCH" },
              weight: { value: 1.5, unit: "POUND" },
              location: `BIN-${i % 300}`,
              status: "new",
              publicationStatus: 0,
              photos: [],
              notes: null,
            });
          }
          tx.oncomplete = () => res();
          tx.onerror = () => rej(tx.error);
        });
      }
      db.close();
    },
    { ...o, words: WORDS },
  );
}

/** Storage the origin uses (bytes). */
const usage = (page: Page) => page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);

/** Polls the page's outbox size (raw IndexedDB, so the app's own code is not involved). */
export const outboxCount = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((res, rej) => {
        const r = indexedDB.open("blocklot");
        r.onsuccess = () => {
          const db = r.result;
          const c = db.transaction("outbox").objectStore("outbox").count();
          c.onsuccess = () => {
            res(c.result);
            db.close();
          };
          c.onerror = () => rej(c.error);
        };
        r.onerror = () => rej(r.error);
      }),
  );

/** Navigates inside the app (the router follows popstate) and times it to the first painted row. */
async function timeFirstRows(page: Page, path: string): Promise<number> {
  return page.evaluate(
    (to) =>
      new Promise<number>((resolve, reject) => {
        const t0 = performance.now();
        const done = () => requestAnimationFrame(() => resolve(performance.now() - t0));
        const obs = new MutationObserver(() => {
          if (document.querySelector("[data-testid=batch-item-row]")) {
            obs.disconnect();
            done();
          }
        });
        obs.observe(document.body, { childList: true, subtree: true });
        history.pushState({}, "", to);
        dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
        setTimeout(() => reject(new Error("no rows after 20 s")), 20_000);
      }),
    path,
  );
}

/** Types a query (one input event) and times it to the painted count of matches. */
async function timeFilter(page: Page, query: string, expect: RegExp): Promise<number> {
  return page.evaluate(
    ({ q, pattern }) =>
      new Promise<number>((resolve, reject) => {
        const input = document.querySelector<HTMLInputElement>("[data-testid=batch-items-search]");
        const count = document.querySelector("[data-testid=batch-items-count]");
        if (!input || !count) return reject(new Error("no search box"));
        const want = new RegExp(pattern);
        const t0 = performance.now();
        const check = () => {
          if (want.test(count.textContent ?? "")) {
            obs.disconnect();
            requestAnimationFrame(() => resolve(performance.now() - t0));
          }
        };
        const obs = new MutationObserver(check);
        obs.observe(document.body, { childList: true, subtree: true, characterData: true });
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
        setter?.call(input, q);
        input.dispatchEvent(new Event("input", { bubbles: true }));
        setTimeout(() => reject(new Error(`"${q}" never showed ${pattern}: ${count.textContent}`)), 10_000);
      }),
    { q: query, pattern: expect.source },
  );
}

async function clearSearch(page: Page, total: RegExp) {
  await timeFilter(page, "", total);
}

/** BENCH_PROFILE=1: the page's functions by self time during the replay (where the main thread went). */
function printProfile(profile: {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    hitCount?: number;
  }[];
  samples?: number[];
  timeDeltas?: number[];
}) {
  const self = new Map<string, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  samples.forEach((id, i) => {
    const n = byId.get(id);
    if (!n) return;
    const f = n.callFrame;
    const key = `${f.functionName || "(anonymous)"} ${f.url.split("/").at(-1)}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (deltas[i] ?? 0) / 1000);
  });
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25);
  for (const [k, ms] of top) console.log(`  ${Math.round(ms)} ms  ${k}`);
  // callers (3 levels) of the hottest native function, to find who iterates
  const parent = new Map<number, number>();
  for (const n of profile.nodes as { id: number; children?: number[] }[])
    for (const c of n.children ?? []) parent.set(c, n.id);
  const hot = top.find(([k]) => !k.startsWith("("))?.[0]?.split(" ")[0];
  const chains = new Map<string, number>();
  samples.forEach((id, i) => {
    const n = byId.get(id);
    if (!n || n.callFrame.functionName !== hot) return;
    const chain: string[] = [];
    let p = parent.get(id);
    for (let d = 0; d < 6 && p !== undefined; d++, p = parent.get(p)) {
      const f = byId.get(p)?.callFrame;
      if (f)
        chain.push(
          `${f.functionName || "anon"}:${f.lineNumber}:${(f as { columnNumber?: number }).columnNumber ?? ""}`,
        );
    }
    const k = chain.join(" < ");
    chains.set(k, (chains.get(k) ?? 0) + (deltas[i] ?? 0) / 1000);
  });
  for (const [k, ms] of [...chains.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5))
    console.log(`    ${hot} ${Math.round(ms)} ms from ${k}`);
}

export async function inventoryListBench(): Promise<Figure[]> {
  ensureBuilt();
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
  });
  const figures: Figure[] = [];
  try {
    const email = "admin@demo-realty.example";
    const password = server.accounts.get(email);
    if (!password) throw new Error("seed printed no admin account");
    const { token } = (await (
      await fetch(`${server.url}/auth-jwt/connect/google/check`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password }),
      })
    ).json()) as { token: string };
    const call = api(server.url, token);

    // two batches on the server: the big one (its items only in Dexie) and the replay one
    const bigBatch = uuidv7();
    const big = await call<{ companyId: string }>("PUT", `/api/inventory/batches/${bigBatch}`, {
      name: "Bench 50k",
      sourceFileName: "bench-50k.csv",
      rowCount: LIST_ROWS,
    });
    const replayBatch = uuidv7();
    await call("PUT", `/api/inventory/batches/${replayBatch}`, {
      name: "Bench replay",
      sourceFileName: null,
      rowCount: REPLAY_WRITES,
    });
    const ids = Array.from({ length: REPLAY_WRITES }, () => uuidv7());
    let next = 0;
    const put = async () => {
      for (let i = next++; i < ids.length; i = next++) {
        await call("PUT", `/api/inventory/items/${ids[i]}`, {
          batchId: replayBatch,
          sku: `REPLAY-${i}`,
          title: `Replay item ${i}`,
          description: "Bench",
          quantity: 1,
        });
      }
    };
    const seedStart = performance.now();
    await Promise.all(Array.from({ length: 4 }, put));
    console.log(
      `  seeded ${REPLAY_WRITES} items on the server in ${Math.round(performance.now() - seedStart)} ms`,
    );

    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    await context.addInitScript(() => localStorage.setItem("acceptedCookies", "true"));
    // tsx (esbuild keepNames) wraps named functions in __name(); page.evaluate code needs it too
    await context.addInitScript({ content: "globalThis.__name = (f) => f;" });
    const page = await context.newPage();
    await page.goto("/auth/google/login");
    await page.getByLabel(/^Email address/).fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page
      .waitForURL((u) => u.pathname.startsWith("/dashboard"))
      .catch(async (err) => {
        await page.screenshot({ path: "/tmp/bench-login.png" });
        throw err;
      });
    // the first pull has stored a cursor: the batch rows are on the device
    await page.waitForFunction(
      async () =>
        new Promise<boolean>((res) => {
          const r = indexedDB.open("blocklot");
          r.onsuccess = () => {
            const db = r.result;
            if (!db.objectStoreNames.contains("meta")) return res(false);
            const c = db.transaction("meta").objectStore("meta").count();
            c.onsuccess = () => {
              res(c.result > 0);
              db.close();
            };
          };
          r.onerror = () => res(false);
        }),
      undefined,
      { timeout: 30_000, polling: 250 },
    );

    // --- 1. the 50,000-row list ---------------------------------------------------------
    const before = await usage(page);
    const fillStart = performance.now();
    await fillDexie(page, { batchId: bigBatch, companyId: big.companyId, count: LIST_ROWS });
    console.log(`  wrote ${LIST_ROWS} items into Dexie in ${Math.round(performance.now() - fillStart)} ms`);
    const after = await usage(page);
    const total = new RegExp(`^${LIST_ROWS.toLocaleString("en-US")} items$`);

    const firsts: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await page.evaluate(() => {
        history.pushState({}, "", "/dashboard/account");
        dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
      });
      await page.waitForURL((u) => u.pathname === "/dashboard/account");
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      firsts.push(await timeFirstRows(page, `/dashboard/item/${bigBatch}`));
      await page.getByTestId("batch-items-count").filter({ hasText: total }).waitFor({ timeout: 30_000 });
    }
    // a full page load, from the navigation start to the first painted row (informational)
    await page.reload();
    const cold = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const check = () =>
            document.querySelector("[data-testid=batch-item-row]")
              ? requestAnimationFrame(() => resolve(performance.now()))
              : setTimeout(check, 5);
          check();
        }),
    );
    await page.getByTestId("batch-items-count").filter({ hasText: total }).waitFor({ timeout: 30_000 });

    const one: number[] = [];
    const many: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const sku = `bench-${String((7 * run + 4217) % LIST_ROWS).padStart(6, "0")}`;
      one.push(
        await timeFilter(page, sku, new RegExp(`^1 of ${LIST_ROWS.toLocaleString("en-US")} items? match`)),
      );
      await clearSearch(page, total);
      const word = WORDS[run % WORDS.length] as string;
      const expected = (LIST_ROWS / WORDS.length).toLocaleString("en-US");
      many.push(await timeFilter(page, word, new RegExp(`^${expected} of `)));
      await clearSearch(page, total);
    }

    figures.push(
      {
        bench: BENCH,
        metric: `first rows, in-app nav, ${LIST_ROWS} rows (median)`,
        value: round(median(firsts)),
        unit: "ms",
        target: { op: "<", value: 500 },
      },
      {
        bench: BENCH,
        metric: "first rows, in-app nav (worst)",
        value: round(Math.max(...firsts)),
        unit: "ms",
      },
      { bench: BENCH, metric: "first rows, full page load", value: round(cold), unit: "ms" },
      {
        bench: BENCH,
        metric: "filter, SKU → 1 match (median)",
        value: round(median(one)),
        unit: "ms",
        target: { op: "<", value: 100 },
      },
      { bench: BENCH, metric: "filter, SKU → 1 match (worst)", value: round(Math.max(...one)), unit: "ms" },
      {
        bench: BENCH,
        metric: `filter, word → ${LIST_ROWS / WORDS.length} (median)`,
        value: round(median(many)),
        unit: "ms",
        target: { op: "<", value: 100 },
      },
      { bench: BENCH, metric: "filter, word (worst)", value: round(Math.max(...many)), unit: "ms" },
      {
        bench: BENCH,
        metric: `IndexedDB for ${LIST_ROWS} items`,
        value: Math.round((after - before) / 1024 / 102.4) / 10,
        unit: "MB",
      },
    );

    // --- 2. replay of 1,000 queued writes -------------------------------------------------
    await page.evaluate((to) => {
      history.pushState({}, "", to);
      dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
    }, `/dashboard/item/${replayBatch}`);
    const replayTotal = new RegExp(`^${REPLAY_WRITES.toLocaleString("en-US")} items$`);
    await page.getByTestId("batch-items-count").filter({ hasText: replayTotal }).waitFor({ timeout: 60_000 });
    await context.setOffline(true);
    await page.getByTestId("select-all").click();
    await page.getByRole("textbox", { name: "New status" }).click();
    await page.getByRole("option", { name: "Sold", exact: true }).click();
    await page.getByTestId("bulk-bar").getByRole("button", { name: "Change status" }).click();
    if (REPLAY_WRITES >= 100) await page.getByTestId("confirm-bulk").click(); // large selections ask first
    await page.getByTestId("bulk-bar").waitFor({ state: "detached", timeout: 60_000 });
    const queued = await outboxCount(page);
    if (queued !== REPLAY_WRITES) throw new Error(`expected ${REPLAY_WRITES} queued writes, found ${queued}`);
    const requests = new Map<string, number>();
    page.on("request", (r) => {
      const key = `${r.method()} ${new URL(r.url()).pathname.replace(/[0-9a-f-]{36}/g, ":id")}`;
      requests.set(key, (requests.get(key) ?? 0) + 1);
    });
    if (process.env.BENCH_REPLAY_LIST_CLOSED) {
      await page.evaluate(() => {
        history.pushState({}, "", "/dashboard/account");
        dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
      });
    }
    const cdp = process.env.BENCH_PROFILE ? await context.newCDPSession(page) : null;
    if (cdp) {
      await page.evaluate(() => performance.setResourceTimingBufferSize(10_000));
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.start");
    }
    const pageStart = await page.evaluate(() => performance.now());
    const replayStart = performance.now();
    await context.setOffline(false);
    const deadline = Date.now() + 120_000;
    while ((await outboxCount(page)) > 0) {
      if (Date.now() > deadline) throw new Error("the outbox did not drain within 120 s");
      await new Promise((r) => setTimeout(r, 50));
    }
    const replayMs = performance.now() - replayStart;
    if (cdp) {
      printProfile((await cdp.send("Profiler.stop")).profile);
      const timing = await page.evaluate((t0) => {
        const rs = performance
          .getEntriesByType("resource")
          .filter((e) =>
            /\/api\/inventory\/(items\/[0-9a-f-]{36}|writes)$/.test(e.name),
          ) as PerformanceResourceTiming[];
        rs.sort((a, b) => a.startTime - b.startTime);
        const dur = rs.map((r) => r.responseEnd - r.startTime);
        const gaps = rs
          .slice(1)
          .map((r, i) => r.startTime - (rs[i] as PerformanceResourceTiming).responseEnd);
        const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
        return {
          n: rs.length,
          firstAfterOnline: Math.round((rs[0]?.startTime ?? t0) - t0),
          request: avg(dur),
          gap: avg(gaps),
          maxGap: Math.max(...gaps),
        };
      }, pageStart);
      console.log("  write request timing (ms; a write batch or a single write):", timing);
    }
    console.log("  requests during the replay:", Object.fromEntries(requests));

    // the server after: every item sold exactly once
    const rows: { id: string; status: string; version: number }[] = [];
    for (let p = 0; ; p++) {
      const got = await call<{ rows: { id: string; status: string; version: number }[]; total: number }>(
        "GET",
        `/api/inventory/items?batchId=${replayBatch}&rowsPerPage=500&page=${p}`,
      );
      rows.push(...got.rows);
      if (rows.length >= got.total || got.rows.length === 0) break;
    }
    const ok = rows.filter((r) => r.status === "sold" && r.version === 2).length;
    const duplicates = rows.filter((r) => r.version > 2).length + Math.max(0, rows.length - REPLAY_WRITES);
    const missing = REPLAY_WRITES - ok - rows.filter((r) => r.version > 2).length;
    figures.push(
      {
        bench: BENCH,
        metric: `replay ${REPLAY_WRITES} queued writes`,
        value: round(replayMs / 1000),
        unit: "s",
        target: { op: "<", value: 10.001 },
      },
      {
        bench: BENCH,
        metric: "replay: writes applied twice",
        value: duplicates,
        unit: "",
        target: { op: "<", value: 1 },
      },
      {
        bench: BENCH,
        metric: "replay: writes lost",
        value: missing,
        unit: "",
        target: { op: "<", value: 1 },
      },
    );
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
  return figures;
}

runWhenMain(import.meta.filename, inventoryListBench);
