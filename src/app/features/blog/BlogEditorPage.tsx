import { useLingui } from "@lingui/react/macro";
import { Alert, Loader } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { ArticleEditorPage } from "../articles/ArticleEditorPage";
import { articleQueries } from "../articles/articles-api";

/** /dashboard/blog/create and /dashboard/blog/{postId}/edit: the articles' editor (staff only). */
export function BlogEditorPage({ id, onDone }: { id: string | null; onDone(id: string | null): void }) {
  if (!id)
    return <ArticleEditorPage article={null} onSaved={(a) => onDone(a.id)} onCancel={() => onDone(null)} />;
  return <EditPost id={id} onDone={onDone} />;
}

function EditPost({ id, onDone }: { id: string; onDone(id: string | null): void }) {
  const { t } = useLingui();
  const query = useQuery(articleQueries.staffArticle(id));
  if (query.isPending) return <Loader aria-label={t`Loading`} />;
  if (!query.data) return <Alert color="red" role="alert" title={t`The post could not be loaded`} />;
  return <ArticleEditorPage article={query.data} onSaved={(a) => onDone(a.id)} onCancel={() => onDone(id)} />;
}
