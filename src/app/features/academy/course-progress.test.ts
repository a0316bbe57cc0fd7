import { describe, expect, it } from "vitest";
import type { LessonDone } from "../../../domain/academy/courses";
import { courseProgress, isLessonDone, withLesson } from "./course-progress";

const at = "2026-11-27T05:00:00.000Z";
const done = (courseId: LessonDone["courseId"], lessonId: string): LessonDone => ({
  courseId,
  lessonId,
  completedAt: at,
});

describe("course progress", () => {
  it("counts only the course's own known lessons and names the first one left", () => {
    const rows = [
      done("rpie-basics", "who-must-file"),
      done("rpie-basics", "deadline"),
      done("selling-online", "labels"),
      done("rpie-basics", "retired-lesson"),
    ];
    expect(courseProgress("rpie-basics", rows)).toEqual({
      done: 2,
      total: 5,
      percent: 40,
      nextLesson: "exclusions",
    });
    expect(courseProgress("selling-online", [])).toMatchObject({
      done: 0,
      percent: 0,
      nextLesson: "importing",
    });
  });

  it("is 100% with no next lesson once every lesson is done", () => {
    const all = ["importing", "photographing", "describing", "labels", "listing-on-ebay"].map((id) =>
      done("selling-online", id),
    );
    expect(courseProgress("selling-online", all)).toMatchObject({ done: 5, percent: 100, nextLesson: null });
    expect(courseProgress("selling-online", all.slice(1))).toMatchObject({ percent: 80 });
  });

  it("marks and unmarks a lesson without touching the others, keeping the first time done", () => {
    const rows = [done("rpie-basics", "deadline")];
    const later = new Date("2026-12-01T00:00:00Z");
    expect(withLesson(rows, "rpie-basics", "deadline", true, later)).toEqual(rows);
    const added = withLesson(rows, "selling-online", "deadline", true, later);
    expect(added).toHaveLength(2);
    expect(isLessonDone(added, "selling-online", "deadline")).toBe(true);
    expect(withLesson(added, "rpie-basics", "deadline", false)).toEqual([
      { courseId: "selling-online", lessonId: "deadline", completedAt: later.toISOString() },
    ]);
  });
});
