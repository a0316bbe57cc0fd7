import { TypographyStylesProvider } from "@mantine/core";
import { SLOT_ATTRIBUTE } from "./server-slot";

/**
 * The part of a public article page the server filled in (server-slot.ts): its HTML, escaped
 * and sanitised by the server (src/server/modules/articles/pages.ts), styled as an article's body.
 * React keeps it as it is when it hydrates the page.
 */
export function ServerSlot({ html }: { html: string }) {
  return (
    <TypographyStylesProvider>
      <div
        {...{ [SLOT_ATTRIBUTE]: "" }}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's page, escaped and sanitised there (pages.ts)
        dangerouslySetInnerHTML={{ __html: html }}
        suppressHydrationWarning
      />
    </TypographyStylesProvider>
  );
}
