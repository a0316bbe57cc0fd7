import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Anchor, Breadcrumbs, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { type CourseId, isCourseId } from "../../../domain/academy/courses";
import { usePageTitle } from "../../ui/usePageTitle";
import { CourseProgressBar } from "./CourseProgressBar";
import { COURSES, lessonsOf } from "./course-content";
import { courseProgress, isLessonDone } from "./course-progress";
import { LessonCard } from "./LessonCard";
import { ProgressError } from "./ProgressError";
import { useAcademyProgress } from "./use-academy-progress";

/** /dashboard/academy/courses/{courseId}: a course's lessons, each marked done by the user. */
export function CoursePage({ courseId }: { courseId: string }) {
  const { t } = useLingui();
  usePageTitle(isCourseId(courseId) ? t(COURSES[courseId].title) : t`Course not found`);
  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to="/dashboard/academy">
          <Trans>Academy</Trans>
        </Anchor>
        <Text span>{isCourseId(courseId) ? t(COURSES[courseId].title) : t`Course not found`}</Text>
      </Breadcrumbs>
      {isCourseId(courseId) ? <Course courseId={courseId} /> : <CourseNotFound />}
    </Stack>
  );
}

function Course({ courseId }: { courseId: CourseId }) {
  const { t } = useLingui();
  const academy = useAcademyProgress();
  const course = COURSES[courseId];
  const progress = courseProgress(courseId, academy.done);
  return (
    <>
      <Stack gap="xs">
        <Title order={1}>{t(course.title)}</Title>
        <Text>{t(course.summary)}</Text>
        <CourseProgressBar progress={progress} loading={academy.isPending} />
      </Stack>
      {academy.error && <ProgressError error={academy.error} onRetry={academy.retry} />}
      {lessonsOf(courseId).map((lesson, i) => (
        <LessonCard
          key={lesson.id}
          id={lesson.id}
          number={i + 1}
          lesson={lesson.content}
          done={isLessonDone(academy.done, courseId, lesson.id)}
          disabled={academy.isPending || !!academy.error}
          onDone={(done) => academy.setLessonDone({ courseId, lessonId: lesson.id, done })}
        />
      ))}
    </>
  );
}

function CourseNotFound() {
  const { t } = useLingui();
  return (
    <>
      <Title order={1}>
        <Trans>Course not found</Trans>
      </Title>
      <Alert color="yellow" title={t`There is no such course`}>
        <Trans>
          The link may be old.{" "}
          <Anchor component={Link} to="/dashboard/academy">
            See all courses
          </Anchor>
          .
        </Trans>
      </Alert>
    </>
  );
}
