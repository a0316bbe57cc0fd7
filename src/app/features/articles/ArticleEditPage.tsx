import { useLingui } from "@lingui/react/macro";
import { Alert, Loader } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { StaffArticle } from "../../../domain/articles/article";
import { ArticleEditorPage } from "./ArticleEditorPage";
import { articleQueries } from "./articles-api";

/** /admin/article/edit/{slug}: loads the article, then the editor. */
export function ArticleEditPage({ slug, onSaved }: { slug: string; onSaved(saved: StaffArticle): void }) {
  const { t } = useLingui();
  const query = useQuery(articleQueries.staffArticle(slug));
  if (query.isPending) return <Loader aria-label={t`Loading`} />;
  if (!query.data) return <Alert color="red" title={t`The article could not be loaded`} />;
  return <ArticleEditorPage article={query.data} onSaved={onSaved} />;
}
