import { describe, expect, it } from "vitest";
import type { PullResult } from "../../sync/engine";
import { createWorkerPull, type PullAnswer, type PullAsk, type PullWorkerLike } from "./pull-worker";

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

const RESULT: PullResult = { applied: 3, skipped: 0, pages: 1 };
const IN_PAGE: PullResult = { applied: 1, skipped: 1, pages: 1 };

/** A worker that records what it is asked; the test answers. */
function fakeWorker() {
  const asked: PullAsk[] = [];
  let terminated = false;
  const w: PullWorkerLike = {
    postMessage: (m) => void asked.push(m),
    terminate: () => {
      terminated = true;
    },
    onmessage: null,
    onerror: null,
  };
  return {
    w,
    asked,
    terminated: () => terminated,
    /** Answers the first request. */
    answer: (a: DistributiveOmit<PullAnswer, "id">) =>
      w.onmessage?.({ data: { ...a, id: asked[0]?.id ?? 0 } as PullAnswer } as MessageEvent<PullAnswer>),
    fail: () => w.onerror?.(new Event("error")),
  };
}

/** Resolves once `asked` has `n` entries (the pull awaits the token and the seller mark first). */
async function untilAsked(asked: PullAsk[], n = 1) {
  for (let i = 0; i < 50 && asked.length < n; i++) await new Promise((r) => setTimeout(r, 0));
  expect(asked).toHaveLength(n);
}

function setup(opts: { worker?: ReturnType<typeof fakeWorker> | null; token?: string | null } = {}) {
  const inPage: string[] = [];
  const worker = opts.worker === undefined ? fakeWorker() : opts.worker;
  const pull = createWorkerPull({
    pullInPage: async (companyId) => {
      inPage.push(companyId);
      return IN_PAGE;
    },
    makeWorker: () => worker?.w ?? null,
    token: async () => (opts.token === undefined ? "token-1" : opts.token),
    isSeller: async (companyId) => companyId === "seller-co",
  });
  return { pull, inPage, worker };
}

describe("pulls on the worker", () => {
  it("hands the worker the company, the token and the seller mark, and returns its result", async () => {
    const { pull, inPage, worker } = setup();
    const p = pull.pull("seller-co");
    await untilAsked(worker?.asked ?? []);
    expect(worker?.asked[0]).toMatchObject({ companyId: "seller-co", token: "token-1", seller: true });
    worker?.answer({ ok: true, result: RESULT });
    await expect(p).resolves.toEqual(RESULT);
    expect(inPage).toEqual([]);
  });

  it("asks once for calls made while a pull of the company runs", async () => {
    const { pull, worker } = setup();
    const a = pull.pull("co-1");
    const b = pull.pull("co-1");
    await untilAsked(worker?.asked ?? []);
    worker?.answer({ ok: true, result: RESULT });
    expect(await a).toEqual(RESULT);
    expect(await b).toEqual(RESULT);
    expect(worker?.asked).toHaveLength(1);
  });

  it("fails as the page's pull would when the worker's pull fails (offline)", async () => {
    const { pull, inPage, worker } = setup();
    const p = pull.pull("co-1");
    await untilAsked(worker?.asked ?? []);
    worker?.answer({ ok: false, inPage: false, message: "No answer within 60 s" });
    await expect(p).rejects.toThrow("No answer within 60 s");
    expect(inPage).toEqual([]);
  });
});

describe("pulls in the page", () => {
  it("when the browser has no worker", async () => {
    const { pull, inPage } = setup({ worker: null });
    await expect(pull.pull("co-1")).resolves.toEqual(IN_PAGE);
    expect(inPage).toEqual(["co-1"]);
  });

  it("when there is no usable token (the page's pull refreshes or reports it)", async () => {
    const { pull, inPage, worker } = setup({ token: null });
    await expect(pull.pull("co-1")).resolves.toEqual(IN_PAGE);
    expect(inPage).toEqual(["co-1"]);
    expect(worker?.asked).toEqual([]);
  });

  it("when the server refused the worker's token", async () => {
    const { pull, inPage, worker } = setup();
    const p = pull.pull("co-1");
    await untilAsked(worker?.asked ?? []);
    worker?.answer({ ok: false, inPage: true, message: "The session was refused" });
    await expect(p).resolves.toEqual(IN_PAGE);
    expect(inPage).toEqual(["co-1"]);
  });

  it("when the worker breaks: the waiting pull and every later one", async () => {
    const { pull, inPage, worker } = setup();
    const p = pull.pull("co-1");
    await untilAsked(worker?.asked ?? []);
    worker?.fail();
    await expect(p).resolves.toEqual(IN_PAGE);
    expect(worker?.terminated()).toBe(true);
    await expect(pull.pull("co-2")).resolves.toEqual(IN_PAGE);
    expect(inPage).toEqual(["co-1", "co-2"]);
    expect(worker?.asked).toHaveLength(1);
  });
});

describe("stopping (sign-out)", () => {
  it("ends the worker and fails its waiting pull instead of running it in the page", async () => {
    const { pull, inPage, worker } = setup();
    const p = pull.pull("co-1");
    await untilAsked(worker?.asked ?? []);
    pull.stop();
    await expect(p).rejects.toThrow("The sync was stopped");
    expect(worker?.terminated()).toBe(true);
    expect(inPage).toEqual([]);
  });
});
