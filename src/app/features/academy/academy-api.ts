/** The Academy's server API (docs/academy.md): the signed-in user's own lesson progress. */
import { queryOptions } from "@tanstack/react-query";
import {
  ACADEMY_PROGRESS_PATH,
  type AcademyProgress,
  type CourseId,
  type LessonDoneBody,
} from "../../../domain/academy/courses";
import { http } from "../../lib/http";

export const academyKeys = {
  all: ["academy"] as const,
  progress: () => ["academy", "progress"] as const,
};

export const academyQueries = {
  progress: () =>
    queryOptions({
      queryKey: academyKeys.progress(),
      queryFn: () => http.get<AcademyProgress>(ACADEMY_PROGRESS_PATH),
      staleTime: 60_000,
    }),
};

export function putLessonDone(courseId: CourseId, lessonId: string, done: boolean): Promise<AcademyProgress> {
  const body: LessonDoneBody = { done };
  return http.put<AcademyProgress>(
    `${ACADEMY_PROGRESS_PATH}/${encodeURIComponent(courseId)}/${encodeURIComponent(lessonId)}`,
    body,
  );
}
