/**
 * What a save tells the person: writes always land on this device first (Dexie) and reach the
 * server through the outbox, so offline the honest words are "saved here, will sync".
 */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";

export type SaveKind = "created" | "saved" | "deleted";

export const isOnline = () => typeof navigator === "undefined" || navigator.onLine !== false;

export function saveNotice(i18n: I18n, kind: SaveKind, online = isOnline()): string {
  if (online) {
    if (kind === "created") return i18n._(msg`Item added`);
    if (kind === "deleted") return i18n._(msg`Item deleted`);
    return i18n._(msg`Saved`);
  }
  if (kind === "created") return i18n._(msg`Item added on this device — will sync`);
  if (kind === "deleted") return i18n._(msg`Deleted on this device — will sync`);
  return i18n._(msg`Saved on this device — will sync`);
}
