/** The Academy's progress rows (docs/academy.md): always one user's own. */
import { and, asc, eq } from "drizzle-orm";
import type { AcademyProgress, CourseId } from "../../../domain/academy/courses";
import type { Db } from "../../db/client";
import { academyProgress } from "../../db/schema";

export async function progressOf(db: Db, userId: string): Promise<AcademyProgress> {
  const rows = await db
    .select({
      courseId: academyProgress.courseId,
      lessonId: academyProgress.lessonId,
      completedAt: academyProgress.completedAt,
    })
    .from(academyProgress)
    .where(eq(academyProgress.userId, userId))
    .orderBy(asc(academyProgress.completedAt), asc(academyProgress.lessonId));
  return {
    done: rows.map((r) => ({
      courseId: r.courseId as CourseId,
      lessonId: r.lessonId,
      completedAt: r.completedAt.toISOString(),
    })),
  };
}

/** Marks a lesson done (again keeps the first time) or not done. */
export async function setLessonDone(
  db: Db,
  userId: string,
  courseId: CourseId,
  lessonId: string,
  done: boolean,
): Promise<void> {
  if (done) {
    await db.insert(academyProgress).values({ userId, courseId, lessonId }).onConflictDoNothing();
    return;
  }
  await db
    .delete(academyProgress)
    .where(
      and(
        eq(academyProgress.userId, userId),
        eq(academyProgress.courseId, courseId),
        eq(academyProgress.lessonId, lessonId),
      ),
    );
}
