/**
 * Sends one Web Push message (RFC 8030) with the `web-push` library's VAPID signature (RFC 8292)
 * and aes128gcm payload encryption (RFC 8291), over fetch: the library builds the request, fetch
 * sends it (with a timeout, never following a redirect).
 */
import webpush from "web-push";
import type { PushPayload } from "../../../domain/notifications/push";
import type { PushConfig } from "../../config";

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushOutcome = { ok: true } | { ok: false; gone: boolean; status: number; detail: string };

/** How long a push message waits at the push service for an offline device (one day). */
const TTL_SECONDS = 24 * 3600;
const TIMEOUT_MS = 10_000;

export async function sendPush(
  push: PushConfig,
  target: PushTarget,
  payload: PushPayload,
): Promise<PushOutcome> {
  const request = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: { subject: push.subject, publicKey: push.publicKey, privateKey: push.privateKey },
      contentEncoding: "aes128gcm",
      TTL: TTL_SECONDS,
      urgency: "normal",
    },
  );
  const res = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: request.body ? new Uint8Array(request.body) : undefined,
    redirect: "manual",
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (res.status >= 200 && res.status < 300) {
    await res.body?.cancel();
    return { ok: true };
  }
  const detail = (await res.text().catch(() => "")).slice(0, 300);
  // 404 Not Found / 410 Gone: the subscription expired or was unsubscribed (RFC 8030 section 7.3).
  return { ok: false, gone: res.status === 404 || res.status === 410, status: res.status, detail };
}
