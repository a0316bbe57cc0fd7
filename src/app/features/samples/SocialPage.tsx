import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Button, Grid, Stack } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { PostCard } from "./PostCard";
import { ProfileCard } from "./ProfileCard";
import { SamplePage } from "./SamplePage";
import { SectionCard } from "./SectionCard";
import { StatCards } from "./StatCards";
import { POSTS, PROFILE } from "./sample-data";
import { useSampleFormat } from "./use-sample-format";

/** /dashboard/social: the template's social overview (profile, figures, latest posts). */
export function SocialPage() {
  const { t } = useLingui();
  const f = useSampleFormat();
  const thisWeek = PROFILE.followersThisWeek;
  const own = POSTS.filter((p) => p.handle === PROFILE.handle);
  return (
    <SamplePage title={t`Social`} description={t`Your community at a glance.`}>
      <StatCards
        stats={[
          {
            label: t`Followers`,
            value: f.number(PROFILE.followers),
            hint: t`+${thisWeek} this week`,
            trend: "up",
          },
          { label: t`Following`, value: f.number(PROFILE.following) },
          { label: t`Posts`, value: f.number(own.length) },
          { label: t`Likes received`, value: f.number(own.reduce((n, p) => n + p.likes, 0)) },
        ]}
      />
      <Grid>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ProfileCard
            action={
              <Button
                variant="light"
                renderRoot={(props) => <Link {...props} to="/dashboard/social/profile" />}
              >
                <Trans>Open the profile</Trans>
              </Button>
            }
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <SectionCard
            title={t`Latest posts`}
            action={
              <Anchor component={Link} to="/dashboard/social/feed" size="sm">
                <Trans>See the whole feed</Trans>
              </Anchor>
            }
          >
            <Stack gap="sm">
              {POSTS.slice(0, 2).map((p) => (
                <PostCard key={p.id} post={p} />
              ))}
            </Stack>
          </SectionCard>
        </Grid.Col>
      </Grid>
    </SamplePage>
  );
}
