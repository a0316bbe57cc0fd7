import { useLingui } from "@lingui/react/macro";
import { Avatar, Card, Group, Stack, Text } from "@mantine/core";
import { IconHeart, IconMessageCircle } from "@tabler/icons-react";
import type { SamplePost } from "./sample-data";
import { useSampleFormat } from "./use-sample-format";

const initials = (name: string) =>
  name
    .split(" ")
    .map((w) => w[0])
    .join("")
    .slice(0, 2);

/** One post of the sample feed (the feed, the profile and the social overview). */
export function PostCard({ post }: { post: SamplePost }) {
  const { t } = useLingui();
  const f = useSampleFormat();
  return (
    <Card withBorder padding="md" component="article" aria-label={t`Post by ${post.author}`}>
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap">
          <Avatar color="blue" radius="xl" aria-hidden>
            {initials(post.author)}
          </Avatar>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {post.author}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {post.handle} · {f.dateTime(post.date)}
            </Text>
          </Stack>
        </Group>
        <Text>{t(post.text)}</Text>
        <Group gap="md">
          <Group gap={4}>
            <IconHeart size={16} aria-hidden />
            <Text size="sm">{t`${post.likes} likes`}</Text>
          </Group>
          <Group gap={4}>
            <IconMessageCircle size={16} aria-hidden />
            <Text size="sm">{t`${post.comments} comments`}</Text>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
