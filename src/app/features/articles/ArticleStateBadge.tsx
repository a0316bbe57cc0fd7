import { Badge } from "@mantine/core";
import type { ArticleState } from "../../../domain/articles/article";
import { STATE_COLOR, useArticleStateLabels } from "./state-labels";

export function ArticleStateBadge({ state }: { state: ArticleState }) {
  const labels = useArticleStateLabels();
  return (
    <Badge color={STATE_COLOR[state]} variant="light" data-testid="article-state">
      {labels[state]}
    </Badge>
  );
}
