/**
 * This device's Web Push subscription (docs/notifications.md "Web Push"): whether the browser can
 * push at all, whether it is subscribed, and turning it on (permission, pushManager.subscribe with
 * the server's key, then the server) or off. A failure leaves the bell as it was.
 */
import { useCallback, useEffect, useState } from "react";
import type { PushSubscriptionBody } from "../../../domain/notifications/push";
import { HttpError } from "../../lib/http";
import { pushApi } from "./push-api";

export type PushDeviceState = "checking" | "unsupported" | "off" | "on";
/** Why turning push on or off failed; the page says it in the user's language. */
export type PushDeviceError = "denied" | "unreachable" | "no-service-worker" | "server";

const READY_TIMEOUT_MS = 10_000;

function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

/** The active service worker's registration, or null when none becomes ready in time. */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  const existing = await navigator.serviceWorker.getRegistration();
  if (existing?.active) return existing;
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), READY_TIMEOUT_MS)),
  ]);
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function asBody(sub: PushSubscription): PushSubscriptionBody {
  const json = sub.toJSON();
  return {
    endpoint: sub.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
  };
}

export function usePushDevice() {
  const [state, setState] = useState<PushDeviceState>("checking");
  const [error, setError] = useState<{ reason: PushDeviceError; detail?: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!pushSupported()) {
      setState("unsupported");
      return;
    }
    let live = true;
    navigator.serviceWorker
      .getRegistration()
      .then((reg) => reg?.pushManager.getSubscription() ?? null)
      .then((sub) => {
        if (live) setState(sub && Notification.permission === "granted" ? "on" : "off");
      })
      .catch(() => live && setState("off"));
    return () => {
      live = false;
    };
  }, []);

  const turnOn = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") return setError({ reason: "denied" });
      const reg = await registration();
      if (!reg) return setError({ reason: "no-service-worker" });
      let sub: PushSubscription;
      try {
        const key = await pushApi.publicKey();
        sub =
          (await reg.pushManager.getSubscription()) ??
          (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
      } catch (err) {
        if (err instanceof HttpError) return setError({ reason: "server", detail: err.message });
        return setError({ reason: "unreachable" });
      }
      try {
        await pushApi.subscribe(asBody(sub));
      } catch (err) {
        await sub.unsubscribe().catch(() => {});
        return setError({ reason: "server", detail: err instanceof Error ? err.message : String(err) });
      }
      setState("on");
    } finally {
      setBusy(false);
    }
  }, []);

  const turnOff = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      const reg = await navigator.serviceWorker.getRegistration();
      const sub = await reg?.pushManager.getSubscription();
      if (sub) {
        await pushApi.unsubscribe(sub.endpoint).catch((err) => {
          // Already gone on the server (a push service said so): the device still unsubscribes.
          if (!(err instanceof HttpError && err.status === 404)) throw err;
        });
        await sub.unsubscribe();
      }
      setState("off");
    } catch (err) {
      setError({ reason: "server", detail: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  }, []);

  return { state, error, busy, turnOn, turnOff };
}
