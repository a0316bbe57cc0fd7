import { type Static, Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { ACADEMY_PROGRESS_PATH, COURSE_IDS, isLessonOf } from "../../../domain/academy/courses";
import { currentUser } from "../../plugins/auth";
import { ErrorBody, httpError } from "../../plugins/errors";
import { progressOf, setLessonDone } from "./store";

const Progress = Type.Object({
  done: Type.Array(
    Type.Object({
      courseId: Type.String(),
      lessonId: Type.String(),
      completedAt: Type.String({ format: "date-time" }),
    }),
  ),
});
const LessonParams = Type.Object({
  courseId: Type.Union(COURSE_IDS.map((id) => Type.Literal(id))),
  lessonId: Type.String({ minLength: 1, maxLength: 60 }),
});
const DoneBody = Type.Object({ done: Type.Boolean() }, { additionalProperties: false });

/**
 * The Academy's progress (docs/academy.md): each signed-in user reads and changes only their own
 * (no user id in the path, the token says whose). Any signed-in user may learn, with or without a
 * company.
 */
export async function academyRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  app.get(
    ACADEMY_PROGRESS_PATH,
    {
      config: { auth: [] },
      schema: {
        tags: ["academy"],
        summary: "The lessons I marked done",
        response: { 200: Progress },
      },
    },
    async (request) => progressOf(db, currentUser(request).id),
  );

  app.put<{ Params: Static<typeof LessonParams>; Body: Static<typeof DoneBody> }>(
    `${ACADEMY_PROGRESS_PATH}/:courseId/:lessonId`,
    {
      config: { auth: [] },
      schema: {
        tags: ["academy"],
        summary: "Mark one of a course's lessons done or not done; answers my whole progress",
        params: LessonParams,
        body: DoneBody,
        response: { 200: Progress, 400: ErrorBody },
      },
    },
    async (request) => {
      const me = currentUser(request).id;
      const { courseId, lessonId } = request.params;
      if (!isLessonOf(courseId, lessonId)) {
        throw httpError(400, `Invalid lesson: course "${courseId}" has no lesson "${lessonId}"`);
      }
      await setLessonDone(db, me, courseId, lessonId, request.body.done);
      return progressOf(db, me);
    },
  );
}
