import { TypographyStylesProvider } from "@mantine/core";

/** An article's body: HTML the server rendered from Markdown and sanitised (server/modules/articles/render.ts). */
export function ArticleBody({ html }: { html: string }) {
  return (
    <TypographyStylesProvider>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitised by the server (src/server/modules/articles/render.ts) */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </TypographyStylesProvider>
  );
}
