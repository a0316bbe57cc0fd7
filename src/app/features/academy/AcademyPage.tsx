import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Card, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { COURSE_IDS, type CourseId } from "../../../domain/academy/courses";
import { usePageTitle } from "../../ui/usePageTitle";
import { CourseProgressBar } from "./CourseProgressBar";
import { COURSES, lessonsOf } from "./course-content";
import { courseProgress } from "./course-progress";
import { ProgressError } from "./ProgressError";
import { useAcademyProgress } from "./use-academy-progress";

/** /dashboard/academy: the courses, each with the user's own progress (docs/academy.md). */
export function AcademyPage() {
  const { t } = useLingui();
  usePageTitle(t`Academy`);
  const academy = useAcademyProgress();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>
          <Trans>Academy</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>
            Short courses on filing the RPIE and selling online. Your progress is saved to your account.
          </Trans>
        </Text>
      </Stack>
      {academy.error && <ProgressError error={academy.error} onRetry={academy.retry} />}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {COURSE_IDS.map((id) => (
          <CourseCard key={id} courseId={id} academy={academy} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function CourseCard({
  courseId,
  academy,
}: {
  courseId: CourseId;
  academy: ReturnType<typeof useAcademyProgress>;
}) {
  const { t } = useLingui();
  const course = COURSES[courseId];
  const lessons = lessonsOf(courseId);
  const minutes = lessons.reduce((sum, l) => sum + l.content.minutes, 0);
  const progress = courseProgress(courseId, academy.done);
  const title = t(course.title);
  return (
    <Card withBorder padding="lg" component="article" aria-label={title}>
      <Stack gap="sm" h="100%">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>
            {lessons.length} lessons · about {minutes} minutes
          </Trans>
        </Text>
        <Text style={{ flexGrow: 1 }}>{t(course.summary)}</Text>
        <CourseProgressBar progress={progress} loading={academy.isPending} />
        <Button
          renderRoot={(props) => (
            <Link {...props} to="/dashboard/academy/courses/$courseId" params={{ courseId }} />
          )}
          variant={progress.done > 0 ? "filled" : "light"}
        >
          {progress.percent === 100 ? (
            <Trans>Review the course</Trans>
          ) : progress.done > 0 ? (
            <Trans>Continue the course</Trans>
          ) : (
            <Trans>Start the course</Trans>
          )}
        </Button>
      </Stack>
    </Card>
  );
}
