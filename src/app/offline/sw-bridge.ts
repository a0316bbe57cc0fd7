/**
 * The page's side of the service worker's replay: answers the SW's token requests with this
 * page's access token (refreshed the page's usual way, so the SW never has to rotate the
 * session while a page is open), and asks the SW to replay (SYNC_OUTBOX) with that token.
 */

import { isTokenExpired, tokenStore } from "../lib/session/tokens";
import { pageToken } from "./page-token";
import { TOKEN_REQUEST } from "./sw-auth";
import { SYNC_MESSAGE } from "./sw-replay";

/** Answers the SW's token requests while mounted; returns the stop function. */
export function answerServiceWorkerTokenRequests(getToken = pageToken): () => void {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return () => undefined;
  const onMessage = (e: MessageEvent) => {
    const data = e.data as { type?: unknown; force?: unknown } | null;
    const port = e.ports[0];
    if (data?.type !== TOKEN_REQUEST || !port) return;
    getToken(data.force === true).then(
      (token) => port.postMessage({ token }),
      () => port.postMessage({ token: null }),
    );
  };
  navigator.serviceWorker.addEventListener("message", onMessage);
  return () => navigator.serviceWorker.removeEventListener("message", onMessage);
}

/** Asks the active service worker to replay the outbox now (browsers without Background Sync). */
export async function askServiceWorkerToReplay(): Promise<void> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  const sw = navigator.serviceWorker.controller;
  if (!sw) return;
  const token = tokenStore.access();
  sw.postMessage({ type: SYNC_MESSAGE, token: token && !isTokenExpired(token) ? token : null });
}
