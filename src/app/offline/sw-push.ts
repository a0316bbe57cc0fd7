/**
 * Web Push in the service worker (docs/notifications.md "Web Push"): a `push` shows the
 * notification the server sent (title, body, the app's icon; its app path kept in `data.url`), and
 * a tap focuses an open Blocklot window on that page, or opens one.
 */
import { type PushPayload, pushTarget } from "../../domain/notifications/push";

const ICON = "/icons/icon-192.png";

interface PushEventLike extends Event {
  data: { json(): unknown; text(): string } | null;
  waitUntil(p: Promise<unknown>): void;
}

interface NotificationClickLike extends Event {
  notification: { data?: unknown; close(): void };
  waitUntil(p: Promise<unknown>): void;
}

interface WindowLike {
  url: string;
  focus(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
}

export interface PushScope {
  addEventListener(type: "push" | "notificationclick", fn: (e: Event) => void): void;
  registration: { showNotification(title: string, options: NotificationOptions): Promise<void> };
  clients: {
    matchAll(opts: { type: "window"; includeUncontrolled?: boolean }): Promise<readonly WindowLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  location: { origin: string };
}

/** The payload of a push, or a plain notice when it is not the server's JSON. */
function readPushPayload(data: PushEventLike["data"]): PushPayload {
  let raw: Partial<PushPayload> = {};
  try {
    const parsed = data?.json();
    if (parsed && typeof parsed === "object") raw = parsed as Partial<PushPayload>;
  } catch {
    raw = { body: data?.text() ?? "" };
  }
  return {
    title: typeof raw.title === "string" && raw.title ? raw.title : "Blocklot",
    body: typeof raw.body === "string" ? raw.body : "",
    url: pushTarget(raw.url),
    tag: typeof raw.tag === "string" ? raw.tag : "",
  };
}

export function startPushNotifications(scope: PushScope) {
  scope.addEventListener("push", (event) => {
    const e = event as PushEventLike;
    const payload = readPushPayload(e.data);
    e.waitUntil(
      scope.registration.showNotification(payload.title, {
        body: payload.body,
        icon: ICON,
        badge: ICON,
        data: { url: payload.url },
        ...(payload.tag ? { tag: payload.tag } : {}),
      }),
    );
  });

  scope.addEventListener("notificationclick", (event) => {
    const e = event as NotificationClickLike;
    e.notification.close();
    const data = e.notification.data as { url?: unknown } | undefined;
    const url = new URL(pushTarget(data?.url), scope.location.origin).href;
    e.waitUntil(
      (async () => {
        const windows = await scope.clients.matchAll({ type: "window", includeUncontrolled: true });
        const open = windows.find((w) => new URL(w.url).origin === scope.location.origin);
        if (open) {
          await open.focus();
          if (open.url === url) return;
          // navigate() works on windows this worker controls; any other gets a new window.
          const went = await Promise.resolve(open.navigate?.(url)).then(
            (client) => client !== null && client !== undefined,
            () => false,
          );
          if (went) return;
        }
        await scope.clients.openWindow(url);
      })(),
    );
  });
}
