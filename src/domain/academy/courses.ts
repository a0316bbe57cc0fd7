/**
 * The Academy's courses (dashboard /academy, docs/academy.md): which lessons each course has, in
 * order, and the progress contract. The lesson texts are the app's (translated); the server only
 * needs the ids to refuse progress for a lesson that does not exist.
 */
export const ACADEMY_PROGRESS_PATH = "/api/academy/progress";

export const ACADEMY_COURSES = {
  "rpie-basics": ["who-must-file", "exclusions", "deadline", "penalties", "tc201-tc203"],
  "selling-online": ["importing", "photographing", "describing", "labels", "listing-on-ebay"],
} as const;

export type CourseId = keyof typeof ACADEMY_COURSES;
export const COURSE_IDS = Object.keys(ACADEMY_COURSES) as CourseId[];

export type LessonId<C extends CourseId = CourseId> = (typeof ACADEMY_COURSES)[C][number];

export const isCourseId = (id: string): id is CourseId => Object.hasOwn(ACADEMY_COURSES, id);

export function isLessonOf(courseId: CourseId, lessonId: string): boolean {
  return (ACADEMY_COURSES[courseId] as readonly string[]).includes(lessonId);
}

/** One lesson the user marked done. */
export interface LessonDone {
  courseId: CourseId;
  lessonId: string;
  completedAt: string;
}

/** GET and PUT answer the caller's whole progress: a few dozen rows at most. */
export interface AcademyProgress {
  done: LessonDone[];
}

/** PUT {ACADEMY_PROGRESS_PATH}/{courseId}/{lessonId} body. */
export interface LessonDoneBody {
  done: boolean;
}
