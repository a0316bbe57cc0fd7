/**
 * Web Push of notifications to the installed PWA (issue 16, docs/notifications.md "Web Push"):
 * the paths, the subscription body's limits, the per-type settings and the payload the service
 * worker shows. Shared by the app, the service worker and the server.
 */
import { NOTIFICATION_TYPES, type NotificationType } from "./types";

const PUSH_PATH = "/api/notifications/push";
export const PUSH_PUBLIC_KEY_PATH = `${PUSH_PATH}/public-key`;
export const PUSH_SUBSCRIPTIONS_PATH = `${PUSH_PATH}/subscriptions`;
export const PUSH_SETTINGS_PATH = `${PUSH_PATH}/settings`;

/** A push service's endpoint URL is at most this long (real ones are under 600 characters). */
export const PUSH_ENDPOINT_MAX = 2048;
/** Devices a user can subscribe; the oldest subscription goes when one more arrives. */
export const PUSH_SUBSCRIPTIONS_PER_USER = 20;
/** The description shown on the lock screen is cut to this many characters (payloads stay small). */
export const PUSH_BODY_MAX = 500;

/** What PushSubscription.toJSON() gives, as the app posts it. */
export interface PushSubscriptionBody {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

/** Each notification type: pushed (true) or not. A type never set is on. */
export type PushSettings = Record<NotificationType, boolean>;

export function defaultPushSettings(): PushSettings {
  return Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, true])) as PushSettings;
}

/** The JSON a push carries: what the service worker shows, and where a tap goes. */
export interface PushPayload {
  title: string;
  body: string;
  /** An app path ("/dashboard/…"). */
  url: string;
  /** Replaces an earlier notification with the same tag on the device (a refreshed notification). */
  tag: string;
}

/** Where a notification without a link opens. */
export const PUSH_DEFAULT_URL = "/dashboard";

const B64URL = /^[A-Za-z0-9_-]+$/;

function base64UrlBytes(value: string): Uint8Array | null {
  if (!B64URL.test(value)) return null;
  const bin = atob(value.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (value.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/** Why a subscription's keys are refused, or null when they are a P-256 public key and a 16-byte secret. */
export function pushKeysProblem(keys: { p256dh: string; auth: string }): string | null {
  const p256dh = base64UrlBytes(keys.p256dh.replace(/=+$/, ""));
  if (p256dh?.length !== 65 || p256dh[0] !== 4) {
    return '"keys.p256dh" must be the subscription\'s P-256 public key (65 bytes, base64url)';
  }
  const auth = base64UrlBytes(keys.auth.replace(/=+$/, ""));
  if (auth?.length !== 16) {
    return '"keys.auth" must be the subscription\'s 16-byte auth secret (base64url)';
  }
  return null;
}

/** The page a tap opens: the payload's app path, or the dashboard for anything else. */
export function pushTarget(url: unknown): string {
  return typeof url === "string" && url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\")
    ? url
    : PUSH_DEFAULT_URL;
}
