/** Web Push's server API (docs/notifications.md "Web Push"): the key, this device, the per-type switches. */
import { queryOptions } from "@tanstack/react-query";
import {
  PUSH_PUBLIC_KEY_PATH,
  PUSH_SETTINGS_PATH,
  PUSH_SUBSCRIPTIONS_PATH,
  type PushSettings,
  type PushSubscriptionBody,
} from "../../../domain/notifications/push";
import { http } from "../../lib/http";

export const pushKeys = {
  settings: ["notifications", "push", "settings"] as const,
};

export const pushApi = {
  publicKey: () => http.get<{ publicKey: string }>(PUSH_PUBLIC_KEY_PATH).then((r) => r.publicKey),
  subscribe: (subscription: PushSubscriptionBody) => http.post<void>(PUSH_SUBSCRIPTIONS_PATH, subscription),
  unsubscribe: (endpoint: string) => http.delete<void>(PUSH_SUBSCRIPTIONS_PATH, { body: { endpoint } }),
  settings: () => http.get<PushSettings>(PUSH_SETTINGS_PATH),
  updateSettings: (change: Partial<PushSettings>) => http.patch<PushSettings>(PUSH_SETTINGS_PATH, change),
};

export const pushQueries = {
  settings: () => queryOptions({ queryKey: pushKeys.settings, queryFn: pushApi.settings }),
};
