/**
 * The sync feed's pull on a worker thread (started by pull-worker.ts; docs/offline.md "Pull"):
 * fetching the feed's pages, parsing them and writing them into Dexie was about a quarter of the
 * dashboard's blocking time on its first load (docs/benchmarks.md, issue #19). The page's live
 * queries hear of these writes as they do of the service worker's (Dexie's BroadcastChannel).
 * Each request names the company, the page's access token and whether the company is a seller the
 * user works for (the seller header, seller-companies.ts).
 */
import type { PullResult } from "../../sync/engine";
import { fetchTransport, type SyncTransport } from "../../sync/transport";
import { getDb } from "./db";
import type { PullAnswer, PullAsk } from "./pull-worker";
import { noteSellerCompany } from "./seller-companies";
import { type AppSyncEngine, createAppSyncEngine } from "./synced-types";

const scope = self as unknown as DedicatedWorkerGlobalScope;

/** The server refused the page's token: the page pulls itself, refreshing its session as usual. */
class SessionRefused extends Error {}

/** The page's latest access token (the user's; the same for every company). */
let token: string | null = null;
let engine: AppSyncEngine | null = null;

function getEngine(): AppSyncEngine {
  if (engine) return engine;
  const plain = fetchTransport({ getToken: () => token });
  const transport: SyncTransport = {
    async send(req) {
      const res = await plain.send(req);
      if (res.status === 401) throw new SessionRefused("The session was refused");
      return res;
    },
  };
  engine = createAppSyncEngine({ db: getDb(), transport });
  return engine;
}

scope.onmessage = (event: MessageEvent<PullAsk>) => {
  const { id, companyId, seller } = event.data;
  token = event.data.token;
  if (seller) noteSellerCompany(companyId);
  const answer = (a: PullAnswer) => scope.postMessage(a);
  getEngine()
    .pull(companyId)
    .then(
      (result: PullResult) => answer({ id, ok: true, result }),
      (e: unknown) =>
        answer({
          id,
          ok: false,
          inPage: e instanceof SessionRefused,
          message: e instanceof Error ? e.message : String(e),
        }),
    );
};
