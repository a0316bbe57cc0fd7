import { useLingui } from "@lingui/react/macro";
import { Stack } from "@mantine/core";
import { PostCard } from "./PostCard";
import { SamplePage } from "./SamplePage";
import { POSTS } from "./sample-data";

/** /dashboard/social/feed: every post of the sample feed, newest first. */
export function SocialFeedPage() {
  const { t } = useLingui();
  return (
    <SamplePage
      title={t`Feed`}
      description={t`Posts from the people you follow.`}
      crumbs={[{ label: t`Social`, to: "/dashboard/social" }]}
    >
      <Stack gap="sm" maw={720}>
        {POSTS.map((p) => (
          <PostCard key={p.id} post={p} />
        ))}
      </Stack>
    </SamplePage>
  );
}
