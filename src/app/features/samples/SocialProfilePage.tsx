import { useLingui } from "@lingui/react/macro";
import { Grid, Stack } from "@mantine/core";
import { PostCard } from "./PostCard";
import { ProfileCard } from "./ProfileCard";
import { SamplePage } from "./SamplePage";
import { SectionCard } from "./SectionCard";
import { POSTS, PROFILE } from "./sample-data";

/** /dashboard/social/profile: the sample profile and its own posts. */
export function SocialProfilePage() {
  const { t } = useLingui();
  return (
    <SamplePage title={t`Profile`} crumbs={[{ label: t`Social`, to: "/dashboard/social" }]}>
      <Grid>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ProfileCard />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <SectionCard title={t`Posts`}>
            <Stack gap="sm">
              {POSTS.filter((p) => p.handle === PROFILE.handle).map((p) => (
                <PostCard key={p.id} post={p} />
              ))}
            </Stack>
          </SectionCard>
        </Grid.Col>
      </Grid>
    </SamplePage>
  );
}
