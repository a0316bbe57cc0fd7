import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { ArticleState, StaffArticle } from "../../../domain/articles/article";
import { AppModal } from "../../ui/AppModal";
import { DateTimeField } from "../../ui/dates/date-fields";
import { articleKeys, setArticleState } from "./articles-api";

/** What staff can move an article to from each state. */
const NEXT: Record<ArticleState, ArticleState[]> = {
  draft: ["published", "scheduled"],
  scheduled: ["published", "draft"],
  published: ["unpublished"],
  unpublished: ["published", "draft"],
};

/** The state buttons of an article; each change is confirmed in a dialog first. */
export function ArticleStateActions({ article }: { article: StaffArticle }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<ArticleState | null>(null);
  const [publishAt, setPublishAt] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (to: ArticleState) =>
      setArticleState(
        article.id,
        to,
        to === "scheduled" && publishAt ? new Date(publishAt).toISOString() : undefined,
      ),
    onSuccess: async () => {
      setTarget(null);
      await queryClient.invalidateQueries({ queryKey: articleKeys.all });
      await queryClient.invalidateQueries({ queryKey: ["server-list"] });
    },
  });
  const action: Record<ArticleState, string> = {
    published: t`Publish`,
    scheduled: t`Schedule`,
    unpublished: t`Unpublish`,
    draft: t`Back to draft`,
  };
  const question: Record<ArticleState, string> = {
    published: t`Publish "${article.title}" now? Guests, the sitemap and the feeds will show it.`,
    scheduled: t`Publish "${article.title}" automatically at the time you choose?`,
    unpublished: t`Take "${article.title}" down? Guests will no longer find it.`,
    draft: t`Move "${article.title}" back to the drafts?`,
  };
  return (
    <>
      <Group>
        {NEXT[article.state].map((to) => (
          <Button
            key={to}
            variant={to === "published" ? "filled" : "default"}
            color={to === "unpublished" ? "red" : undefined}
            onClick={() => {
              change.reset();
              setTarget(to);
            }}
          >
            {action[to]}
          </Button>
        ))}
      </Group>
      <AppModal
        opened={target !== null}
        onClose={() => setTarget(null)}
        title={target ? action[target] : ""}
        centered
      >
        {target && (
          <Stack>
            <Text>{question[target]}</Text>
            {target === "scheduled" && (
              <DateTimeField
                label={t`Publish at`}
                required
                value={publishAt}
                onChange={setPublishAt}
                minDate={new Date()}
              />
            )}
            {change.isError && (
              <Alert color="red" role="alert">
                <Trans>The change could not be saved. Try again.</Trans>
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setTarget(null)}>
                <Trans>Cancel</Trans>
              </Button>
              <Button
                loading={change.isPending}
                disabled={target === "scheduled" && !publishAt}
                onClick={() => change.mutate(target)}
              >
                {action[target]}
              </Button>
            </Group>
          </Stack>
        )}
      </AppModal>
    </>
  );
}
