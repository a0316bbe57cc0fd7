import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { Link } from "@tanstack/react-router";
import type { StaffArticle } from "../../../domain/articles/article";
import { HttpError } from "../../lib/http";
import { usePageTitle } from "../../ui/usePageTitle";
import { ArticleImageUpload } from "./ArticleImageUpload";
import { viewPath } from "./articles-api";
import { StaffArticleBody } from "./StaffArticleBody";
import { splitTags, useArticleEditor } from "./use-article-editor";

/**
 * /admin/article/create and /admin/article/edit/{slug}: the front matter, the Markdown body and,
 * beside it, the body as guests will see it (rendered and sanitised by the server).
 */
export function ArticleEditorPage({
  article,
  onSaved,
  onCancel,
}: {
  article: StaffArticle | null;
  onSaved(saved: StaffArticle): void;
  /** Where Cancel goes; left out: the admin view of the article (no Cancel for a new one). */
  onCancel?: () => void;
}) {
  const { t } = useLingui();
  usePageTitle(article ? t`Edit article` : t`New article`);
  const editor = useArticleEditor(
    article,
    {
      title: t`Give the article a title`,
      slug: t`Use lower-case letters, digits and single hyphens`,
      cover: t`Use a path on this site (/images/…) or an https address`,
    },
    onSaved,
  );
  const { form, preview, save } = editor;
  const saveError =
    save.error instanceof HttpError && save.error.serverCode === "DUPLICATE"
      ? t`Another article already uses this address. Choose another slug.`
      : save.error
        ? t`The article could not be saved. Try again.`
        : null;
  return (
    <form onSubmit={editor.submit} noValidate>
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1}>{article ? <Trans>Edit article</Trans> : <Trans>New article</Trans>}</Title>
          <Group>
            {onCancel && (
              <Button variant="default" onClick={onCancel}>
                <Trans>Cancel</Trans>
              </Button>
            )}
            {article && !onCancel && (
              <Button
                variant="default"
                renderRoot={(props) => (
                  <Link {...props} to="/admin/article/$" params={{ _splat: viewPath(article.slug) }} />
                )}
              >
                <Trans>Cancel</Trans>
              </Button>
            )}
            <Button type="submit" loading={save.isPending}>
              <Trans>Save</Trans>
            </Button>
          </Group>
        </Group>
        {saveError && (
          <Alert color="red" role="alert">
            {saveError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <TextInput label={t`Title`} required {...form.getInputProps("title")} />
          <TextInput
            label={t`Address (slug)`}
            description={t`The article's address: /articles/your-slug. Changing it keeps the old address working.`}
            required
            {...form.getInputProps("slug")}
            onChange={(e) => {
              editor.touchSlug();
              form.setFieldValue("slug", e.currentTarget.value);
            }}
          />
          <TextInput label={t`Author`} {...form.getInputProps("author")} />
          <TextInput
            label={t`Cover image`}
            placeholder="/images/…"
            {...form.getInputProps("coverImage")}
            value={form.values.coverImage ?? ""}
          />
          <div>
            <ArticleImageUpload
              onCover={(image) => form.setFieldValue("coverImage", image.url)}
              onInline={(image) => {
                const alt = image.fileName.replace(/\.[^.]+$/, "").replace(/[[\]]/g, "");
                const body = form.values.bodyMd;
                form.setFieldValue(
                  "bodyMd",
                  `${body}${body && !body.endsWith("\n") ? "\n\n" : ""}![${alt}](${image.url})\n`,
                );
              }}
            />
          </div>
          <TextInput
            label={t`Tags`}
            description={t`Separated by commas`}
            value={form.values.tags.join(", ")}
            onChange={(e) => form.setFieldValue("tags", splitTags(e.currentTarget.value))}
          />
          <Textarea
            label={t`Summary`}
            autosize
            minRows={2}
            maxLength={400}
            {...form.getInputProps("summary")}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Textarea
            label={t`Body (Markdown)`}
            autosize
            minRows={16}
            styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
            {...form.getInputProps("bodyMd")}
          />
          <Stack gap={4}>
            <Group gap="xs">
              <Text fw={500} fz="sm">
                <Trans>Preview</Trans>
              </Text>
              {preview.isFetching && <Loader size="xs" aria-label={t`Updating the preview`} />}
            </Group>
            <Card withBorder padding="md" data-testid="article-preview">
              {preview.data ? (
                <StaffArticleBody html={preview.data.html} />
              ) : (
                <Text c="dimmed" fz="sm">
                  <Trans>The preview appears as you write.</Trans>
                </Text>
              )}
            </Card>
          </Stack>
        </SimpleGrid>
      </Stack>
    </form>
  );
}
