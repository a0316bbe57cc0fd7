import { useEffect } from "react";

const PRODUCT_NAME = "Blocklot";

function formatPageTitle(title?: string | null): string {
  return title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** The title of the page being prerendered (effects do not run on the server). */
export const serverHead: { title?: string } = {};

/** Sets document.title to "{title} | Blocklot" (or "Blocklot" without a title). */
export function usePageTitle(title?: string | null): void {
  if (import.meta.env.SSR) serverHead.title = formatPageTitle(title);
  useEffect(() => {
    document.title = formatPageTitle(title);
  }, [title]);
}
