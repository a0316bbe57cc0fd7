import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * The signed-in pages a returning user opens cold, with the heading each page's own `<h1>` shows
 * (the same message, so the same translation). index.html paints the frame and this heading
 * before the app runs (boot-shell.ts); scripts/prerender.ts writes them into index.html in every
 * language. tests/e2e/boot-shell.e2e.ts opens each and compares the headings and their places.
 */
export const SHELL_HEADINGS: Readonly<Record<string, MessageDescriptor>> = {
  "/dashboard": msg`Dashboard`,
  "/dashboard/properties": msg`Properties`,
  "/dashboard/inventory-info": msg`Inventory Dashboard`,
  "/dashboard/file-manager": msg`File manager`,
  "/dashboard/account": msg`Account`,
  "/dashboard/company-account": msg`Company Account`,
  "/dashboard/listing": msg`Listing Management`,
  "/dashboard/print-inventory-label": msg`Print Labels`,
  "/dashboard/add-item": msg`Create Item`,
  "/dashboard/sync": msg`Sync`,
};
