import { Trans, useLingui } from "@lingui/react/macro";
import { Progress, Stack, Text } from "@mantine/core";
import type { CourseProgress } from "./course-progress";

/** "2 of 5 lessons done" with its bar (the course card and the course page). */
export function CourseProgressBar({ progress, loading }: { progress: CourseProgress; loading: boolean }) {
  const { t } = useLingui();
  const { done, total, percent } = progress;
  return (
    <Stack gap={4}>
      <Progress.Root>
        <Progress.Section
          value={loading ? 0 : percent}
          color={percent === 100 ? "teal" : undefined}
          aria-label={t`Course progress`}
          aria-valuetext={t`${done} of ${total} lessons done`}
        />
      </Progress.Root>
      <Text size="sm" c="dimmed" aria-live="polite">
        {loading ? (
          <Trans>Loading your progress…</Trans>
        ) : (
          <Trans>
            {done} of {total} lessons done
          </Trans>
        )}
      </Text>
    </Stack>
  );
}
