/// <reference lib="webworker" />
/**
 * Blocklot service worker (Workbox, injectManifest). Precaches the app shell and every
 * route chunk so any screen opens offline; client-side routes fall back to index.html.
 * Replays the outbox of writes made offline (src/app/offline/sw-replay.ts, docs/offline.md) and
 * shows pushed notifications (src/app/offline/sw-push.ts).
 */
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst, StaleWhileRevalidate } from "workbox-strategies";
import { type PhotoReplayScope, startPhotoUploadReplay } from "../src/app/offline/sw-photo-replay";
import { type PushScope, startPushNotifications } from "../src/app/offline/sw-push";
import { type ReplayScope, startOutboxReplay } from "../src/app/offline/sw-replay";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// Every client-side route is served by the precached index.html; API calls never are.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL("/index.html"), {
    denylist: [/^\/api(\/|$)/, /^\/auth-jwt(\/|$)/, /\/[^/?]+\.[^/]+$/],
  }),
);

// Images (product photos, /images, uploaded files served to the user): cache first, bounded.
registerRoute(
  ({ request, url }) => request.destination === "image" && !url.pathname.startsWith("/api/"),
  new CacheFirst({
    cacheName: "images",
    plugins: [
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

// Fonts not in the precache (other subsets): cache first for a year.
registerRoute(
  ({ request }) => request.destination === "font",
  new CacheFirst({
    cacheName: "fonts",
    plugins: [new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: 365 * 24 * 3600 })],
  }),
);

// Same-origin scripts/styles that are not precached (e.g. after a deploy): fast, then refreshed.
registerRoute(
  ({ request, url }) =>
    url.origin === self.location.origin &&
    (request.destination === "script" || request.destination === "style"),
  new StaleWhileRevalidate({ cacheName: "assets" }),
);

self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") void self.skipWaiting();
});

clientsClaim();

// The outbox: drained on the Background Sync tag "blocklot-outbox", on a SYNC_OUTBOX message
// and now, at SW start (the same entries, keys and Web Lock as the pages' engine).
const outbox = startOutboxReplay(self as unknown as ReplayScope);

// Photos taken with a photo link: sent on the Background Sync tag "blocklot-photo-uploads", on a
// SYNC_PHOTO_UPLOADS message and at SW start (the same Dexie queue and keys as the phone page).
// Chat files picked offline ride that queue signed in; their messages then go to the outbox.
const files = startPhotoUploadReplay(self as unknown as PhotoReplayScope, {
  getToken: outbox.getToken,
  drainOutbox: outbox.drain,
});
// A drain of the outbox that sent something (a task made offline) sends the files waiting for it
// at once, rather than at the file queue's next sync (files-after-outbox.ts).
outbox.onDrained(() => files.drain());

// Web Push: shows the server's notification and opens its page on a tap (docs/notifications.md).
startPushNotifications(self as unknown as PushScope);
