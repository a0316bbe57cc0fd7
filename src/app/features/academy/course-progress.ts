/** How far the user is in a course, from the lessons they marked done (docs/academy.md). */
import { ACADEMY_COURSES, type CourseId, type LessonDone } from "../../../domain/academy/courses";

export interface CourseProgress {
  done: number;
  total: number;
  /** 0–100, rounded down (100 only when every lesson is done). */
  percent: number;
  /** The first lesson not done yet, null when the course is finished. */
  nextLesson: string | null;
}

export function courseProgress(courseId: CourseId, done: readonly LessonDone[]): CourseProgress {
  const lessons: readonly string[] = ACADEMY_COURSES[courseId];
  const finished = new Set(done.filter((d) => d.courseId === courseId).map((d) => d.lessonId));
  const count = lessons.filter((id) => finished.has(id)).length;
  return {
    done: count,
    total: lessons.length,
    percent: lessons.length ? Math.floor((count * 100) / lessons.length) : 0,
    nextLesson: lessons.find((id) => !finished.has(id)) ?? null,
  };
}

/** Whether one lesson is done. */
export const isLessonDone = (done: readonly LessonDone[], courseId: CourseId, lessonId: string): boolean =>
  done.some((d) => d.courseId === courseId && d.lessonId === lessonId);

/** The progress after marking a lesson done or not done (the optimistic answer). */
export function withLesson(
  done: readonly LessonDone[],
  courseId: CourseId,
  lessonId: string,
  isDone: boolean,
  now: Date = new Date(),
): LessonDone[] {
  const rest = done.filter((d) => !(d.courseId === courseId && d.lessonId === lessonId));
  const kept = done.find((d) => d.courseId === courseId && d.lessonId === lessonId);
  return isDone ? [...rest, kept ?? { courseId, lessonId, completedAt: now.toISOString() }] : rest;
}
