import { useLingui } from "@lingui/react/macro";

/** A file's size in the reader's language: "840 kB", "2.4 MB". */
export function useFileSize() {
  const { i18n } = useLingui();
  return (bytes: number) =>
    bytes >= 1024 * 1024
      ? i18n.number(bytes / (1024 * 1024), { style: "unit", unit: "megabyte", maximumFractionDigits: 1 })
      : i18n.number(Math.max(1, Math.round(bytes / 1024)), { style: "unit", unit: "kilobyte" });
}
