import { Trans, useLingui } from "@lingui/react/macro";
import { Avatar, Card, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { PROFILE } from "./sample-data";
import { useSampleFormat } from "./use-sample-format";

/** The sample profile's card: name, headline, bio and counts (social overview and profile). */
export function ProfileCard({ action }: { action?: ReactNode }) {
  const { t } = useLingui();
  const f = useSampleFormat();
  const followers = f.number(PROFILE.followers);
  const following = f.number(PROFILE.following);
  return (
    <Card withBorder padding="lg" component="section" aria-label={PROFILE.name}>
      <Stack gap="sm">
        <Group gap="md" wrap="nowrap">
          <Avatar size="lg" color="grape" radius="xl" aria-hidden>
            JR
          </Avatar>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Title order={2} size="h3">
              {PROFILE.name}
            </Title>
            <Text size="sm" c="dimmed">
              {PROFILE.handle}
            </Text>
          </Stack>
        </Group>
        <Text fw={600}>{t(PROFILE.headline)}</Text>
        <Text>{t(PROFILE.bio)}</Text>
        <Text size="sm" c="dimmed">
          {PROFILE.location} · <Trans>Joined {f.date(PROFILE.joined)}</Trans>
        </Text>
        <Text size="sm">
          <Trans>
            {followers} followers · {following} following
          </Trans>
        </Text>
        {action}
      </Stack>
    </Card>
  );
}
