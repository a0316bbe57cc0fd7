import { describe, expect, it } from "vitest";
import { type PushScope, startPushNotifications } from "./sw-push";

/** A service worker scope with the few parts the push handlers use. */
function fakeScope(windows: { url: string; navigate?: (url: string) => Promise<unknown> }[] = []) {
  const handlers: Record<string, (e: Event) => void> = {};
  const shown: { title: string; options: NotificationOptions }[] = [];
  const opened: string[] = [];
  const focused: string[] = [];
  const scope: PushScope = {
    addEventListener: (type, fn) => {
      handlers[type] = fn;
    },
    registration: {
      showNotification: async (title, options) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: async () =>
        windows.map((w) => ({
          url: w.url,
          focus: async () => focused.push(w.url),
          navigate: w.navigate,
        })),
      openWindow: async (url) => opened.push(url),
    },
    location: { origin: "https://app.example" },
  };
  startPushNotifications(scope);
  const fire = async (type: string, fields: object) => {
    const waits: Promise<unknown>[] = [];
    const event = Object.assign(new Event(type), fields, {
      waitUntil: (p: Promise<unknown>) => waits.push(p),
    });
    handlers[type]?.(event);
    await Promise.all(waits);
  };
  return { fire, shown, opened, focused };
}

const pushData = (value: unknown) => ({
  data: { json: () => value, text: () => JSON.stringify(value) },
});

describe("the service worker's push handlers", () => {
  it("shows the pushed title and body with the app icon and keeps the page's path", async () => {
    const sw = fakeScope();
    await sw.fire(
      "push",
      pushData({ title: "Ann Realty", body: "Quote sent", url: "/dashboard/filings", tag: "n1" }),
    );
    expect(sw.shown).toEqual([
      {
        title: "Ann Realty",
        options: {
          body: "Quote sent",
          icon: "/icons/icon-192.png",
          badge: "/icons/icon-192.png",
          data: { url: "/dashboard/filings" },
          tag: "n1",
        },
      },
    ]);
  });

  it("never keeps another site's address", async () => {
    const sw = fakeScope();
    await sw.fire("push", pushData({ title: "x", body: "y", url: "https://evil.example/" }));
    expect(sw.shown[0]?.options.data).toEqual({ url: "/dashboard" });
  });

  it("a tap takes an open window to the page, or opens one", async () => {
    const went: string[] = [];
    const open = fakeScope([
      { url: "https://app.example/dashboard", navigate: async (url) => went.push(url) },
    ]);
    const close = () => {};
    await open.fire("notificationclick", { notification: { data: { url: "/dashboard/chat" }, close } });
    expect(open.focused).toEqual(["https://app.example/dashboard"]);
    expect(went).toEqual(["https://app.example/dashboard/chat"]);
    expect(open.opened).toEqual([]);

    const none = fakeScope();
    await none.fire("notificationclick", { notification: { data: { url: "/dashboard/chat" }, close } });
    expect(none.opened).toEqual(["https://app.example/dashboard/chat"]);
  });
});
