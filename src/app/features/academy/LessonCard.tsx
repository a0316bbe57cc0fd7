import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Badge, Card, Checkbox, Group, List, Stack, Text, Title } from "@mantine/core";
import { IconBulb, IconCheck } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import type { LessonBlock, LessonContent } from "./course-content";

/** One lesson of a course: its text and the user's "Done" check. */
export function LessonCard({
  id,
  number,
  lesson,
  done,
  disabled,
  onDone,
}: {
  id: string;
  number: number;
  lesson: LessonContent;
  done: boolean;
  disabled: boolean;
  onDone(done: boolean): void;
}) {
  const { t } = useLingui();
  const headingId = `lesson-${id}`;
  // The tick follows the click at once; the query cache's optimistic update arrives a task later
  // (and under load the box showed unticked in between). Any change of the stored state
  // (optimistic, saved or reverted after a refusal) takes over again.
  const [clicked, setClicked] = useState<boolean | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever the stored state changes
  useEffect(() => setClicked(null), [done]);
  const checked = clicked ?? done;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Badge
            size="lg"
            circle
            variant={done ? "filled" : "light"}
            color={done ? "teal" : undefined}
            aria-hidden
          >
            {done ? <IconCheck size={14} /> : number}
          </Badge>
          <Stack gap={0}>
            <Title order={2} size="h3" id={headingId}>
              {t(lesson.title)}
            </Title>
            <Text size="sm" c="dimmed">
              <Trans>
                Lesson {number} · {lesson.minutes} min read
              </Trans>
            </Text>
          </Stack>
        </Group>
        {lesson.blocks.map((block, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a lesson's blocks are fixed text in a fixed order
          <Block key={i} block={block} />
        ))}
        <Checkbox
          label={t`Done`}
          description={done ? t`Saved to your account` : t`Check it when you have read the lesson`}
          checked={checked}
          disabled={disabled}
          onChange={(e) => {
            const value = e.currentTarget.checked;
            setClicked(value);
            onDone(value);
          }}
        />
      </Stack>
    </Card>
  );
}

function Block({ block }: { block: LessonBlock }) {
  const { t } = useLingui();
  if (block.kind === "text") return <Text>{t(block.text)}</Text>;
  if (block.kind === "tip") {
    return (
      <Alert variant="light" icon={<IconBulb size={18} />} title={t`Good to know`}>
        {t(block.text)}
      </Alert>
    );
  }
  return (
    <List spacing={4}>
      {block.items.map((item) => (
        <List.Item key={item.id}>{t(item)}</List.Item>
      ))}
    </List>
  );
}
