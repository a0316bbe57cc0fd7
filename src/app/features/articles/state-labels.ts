import { useLingui } from "@lingui/react/macro";
import type { ArticleState } from "../../../domain/articles/article";

export const STATE_COLOR: Record<ArticleState, string> = {
  draft: "gray",
  scheduled: "grape",
  published: "teal",
  unpublished: "orange",
};

/** The article states as staff read them. */
export function useArticleStateLabels(): Record<ArticleState, string> {
  const { t } = useLingui();
  return { draft: t`Draft`, scheduled: t`Scheduled`, published: t`Published`, unpublished: t`Unpublished` };
}
