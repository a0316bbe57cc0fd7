/**
 * The page's pulls of the sync feed, run on a worker thread (pull.worker.ts says why) when the
 * browser can: the page hands the worker the company, its access token and whether the company is
 * a seller, and waits for the result. The page pulls itself, with its own engine, where there is
 * no worker (none in the browser, one that failed to load or stopped), no usable token, or the
 * server refused the token (the page's request helper refreshes the session, the worker cannot).
 * A pull that fails on the worker (offline, a server error) fails here the same way.
 */
import type { PullResult } from "../../sync/engine";
import { getDb } from "./db";
import { pageToken } from "./page-token";
import { isSellerCompany } from "./seller-companies";

/** What the page asks the worker. */
export interface PullAsk {
  id: number;
  companyId: string;
  token: string;
  seller: boolean;
}

/** What the worker answers; `inPage`: the page should pull itself (the token was refused). */
export type PullAnswer =
  | { id: number; ok: true; result: PullResult }
  | { id: number; ok: false; inPage: boolean; message: string };

/** What the pull worker needs of a Worker (tests pass a fake). */
export interface PullWorkerLike {
  postMessage(message: PullAsk): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<PullAnswer>) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export interface WorkerPullDeps {
  /** The page's own pull (the engine's), for when the worker cannot. */
  pullInPage(companyId: string): Promise<PullResult>;
  /** Makes the worker; null or a throw: the browser has none. */
  makeWorker?: () => PullWorkerLike | null;
  token?: () => Promise<string | null>;
  isSeller?: (companyId: string) => Promise<boolean>;
}

function makeBrowserWorker(): PullWorkerLike | null {
  if (typeof Worker === "undefined") return null;
  return new Worker(new URL("./pull.worker.ts", import.meta.url), {
    type: "module",
    name: "sync-pull",
  }) as unknown as PullWorkerLike;
}

/** The page's pull function (single-flight per company, as the engine's own) and its stop. */
export function createWorkerPull(deps: WorkerPullDeps) {
  const token = deps.token ?? (() => pageToken());
  const isSeller = deps.isSeller ?? ((companyId: string) => isSellerCompany(getDb(), companyId));
  /** undefined: not made yet; null: none (or it failed), the page pulls itself from now on. */
  let worker: PullWorkerLike | null | undefined;
  let nextId = 1;
  const waiting = new Map<number, (answer: PullAnswer | null) => void>();
  const inFlight = new Map<string, Promise<PullResult>>();

  /**
   * Ends the worker. Its waiting pulls: "failed" (it could not load or broke) → the page runs
   * them; "stopped" (sign-out) → they fail, nothing more is pulled into this database.
   */
  function end(why: "failed" | "stopped") {
    worker?.terminate();
    worker = why === "failed" ? null : undefined;
    const settled: PullAnswer | null =
      why === "failed" ? null : { id: 0, ok: false, inPage: false, message: "The sync was stopped" };
    for (const settle of waiting.values()) settle(settled);
    waiting.clear();
  }

  function start(): PullWorkerLike | null {
    if (worker !== undefined) return worker;
    try {
      worker = (deps.makeWorker ?? makeBrowserWorker)();
    } catch {
      worker = null;
    }
    if (!worker) return null;
    worker.onmessage = (event) => {
      const settle = waiting.get(event.data.id);
      waiting.delete(event.data.id);
      settle?.(event.data);
    };
    worker.onerror = (event) => {
      // the worker's script did not load or threw outside a pull: not an error of the page's
      event.preventDefault();
      end("failed");
    };
    return worker;
  }

  async function run(companyId: string): Promise<PullResult> {
    const w = start();
    const access = w ? await token() : null;
    if (!w || !access || worker !== w) return deps.pullInPage(companyId);
    const seller = await isSeller(companyId).catch(() => false);
    const id = nextId++;
    const answer = await new Promise<PullAnswer | null>((resolve) => {
      waiting.set(id, resolve);
      w.postMessage({ id, companyId, token: access, seller });
    });
    if (answer?.ok) return answer.result;
    if (!answer || answer.inPage) return deps.pullInPage(companyId);
    throw new Error(answer.message);
  }

  return {
    pull(companyId: string): Promise<PullResult> {
      const known = inFlight.get(companyId);
      if (known) return known;
      const p = run(companyId).finally(() => inFlight.delete(companyId));
      inFlight.set(companyId, p);
      return p;
    },
    /** Ends the worker and a pull it is running (sign-out: nothing more may land in the database). */
    stop(): void {
      end("stopped");
    },
  };
}
