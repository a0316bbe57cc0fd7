/**
 * Toasts (spec sections 4, 8, 9) on top of @mantine/notifications: types blank, error,
 * success, loading, custom; durations 4000 / 4000 / 2000 / unlimited / 4000 ms; click to dismiss.
 */
import { t } from "@lingui/core/macro";
import { notifications } from "@mantine/notifications";
import type { ReactNode } from "react";

export type ToastType = "blank" | "error" | "success" | "loading" | "custom";

export const TOAST_DURATIONS: Record<ToastType, number | false> = {
  blank: 4000,
  error: 4000,
  success: 2000,
  loading: false,
  custom: 4000,
};
export const TOAST_LIMIT = 20;

const COLORS: Partial<Record<ToastType, string>> = { error: "red", success: "green" };

let counter = 0;

function show(type: ToastType, message: ReactNode, opts: { id?: string; duration?: number } = {}): string {
  const id = opts.id ?? `toast-${++counter}`;
  const options = {
    id,
    message,
    color: COLORS[type],
    loading: type === "loading",
    autoClose: opts.duration ?? TOAST_DURATIONS[type],
    withCloseButton: true,
    closeButtonProps: { "aria-label": t`Close` },
    style: { cursor: "pointer" },
    onClick: () => notifications.hide(id),
  };
  if (opts.id) notifications.update(options);
  else notifications.show(options);
  return id;
}

export const toast = Object.assign((message: ReactNode) => show("blank", message), {
  success: (message: ReactNode, opts?: { id?: string }) => show("success", message, opts),
  error: (message: ReactNode, opts?: { id?: string }) => show("error", message, opts),
  loading: (message: ReactNode, opts?: { id?: string }) => show("loading", message, opts),
  custom: (message: ReactNode, opts?: { duration?: number }) => show("custom", message, opts),
  dismiss: (id: string) => notifications.hide(id),
});
