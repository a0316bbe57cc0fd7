import { useEffect } from "react";

export const PRODUCT_NAME = "Blocklot";

export function formatPageTitle(title?: string | null): string {
  return title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** Sets document.title to "{title} | Blocklot" (or "Blocklot" without a title). */
export function usePageTitle(title?: string | null): void {
  useEffect(() => {
    document.title = formatPageTitle(title);
  }, [title]);
}
