import { Box, Container } from "@mantine/core";
import { usePageTitle } from "../../ui/usePageTitle";
import { AllArticlesLink } from "./AllArticlesLink";
import { ArticleCallToAction } from "./ArticleCallToAction";
import { ServerSlot } from "./ServerSlot";

/**
 * /articles/{slug} as the server sent it (server-slot.ts): the article (title, date, reading
 * time, cover, body, tags) is the server's HTML, the rest is the app's, as ArticlePage draws it.
 */
export function ServerArticlePage({ html, heading }: { html: string; heading: string | null }) {
  usePageTitle(heading);
  return (
    <Container size="sm" component="article" pt={40}>
      <AllArticlesLink />
      <Box mt="md">
        <ServerSlot html={html} />
      </Box>
      <ArticleCallToAction />
    </Container>
  );
}
