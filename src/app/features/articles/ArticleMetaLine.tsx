import { Trans, useLingui } from "@lingui/react/macro";
import { Group, Text } from "@mantine/core";

/** "March 2, 2026 · 5 min read": an article's date and reading time. */
export function ArticleMetaLine({ publishedAt, minutes }: { publishedAt: string; minutes: number }) {
  const { i18n } = useLingui();
  return (
    <Group gap="xs">
      <Text fz="sm" c="dimmed" component="time" dateTime={publishedAt}>
        {i18n.date(new Date(publishedAt), { dateStyle: "long" })}
      </Text>
      <Text fz="sm" c="dimmed" aria-hidden="true">
        ·
      </Text>
      <Text fz="sm" c="dimmed">
        <Trans>{minutes} min read</Trans>
      </Text>
    </Group>
  );
}
