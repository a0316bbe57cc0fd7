import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACADEMY_PROGRESS_PATH, type AcademyProgress } from "../../src/domain/academy/courses";
import { caller } from "./filing-helpers";
import { addMember, createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";

let server: TestServer;
let call: ReturnType<typeof caller>;
let ann: TestUser;
let emp: TestUser; // an employee of Ann's company: same company, own progress

beforeAll(async () => {
  server = await startTestServer();
  call = caller(server);
  ann = await createTestUser(server, { displayName: "Ann", companyName: "Ann Realty" });
  emp = await createTestUser(server, { displayName: "Emp" });
  await addMember(server, ann.companyId, emp.userId, ["ROLE_COMPANY_EMPLOYEE"], true);
});
afterAll(async () => server.close());

const lesson = (course: string, lessonId: string) => `${ACADEMY_PROGRESS_PATH}/${course}/${lessonId}`;

async function progress(who: TestUser): Promise<string[]> {
  const res = await call("GET", ACADEMY_PROGRESS_PATH, who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as AcademyProgress).done.map((d) => `${d.courseId}/${d.lessonId}`);
}

describe("academy progress", () => {
  it("answers 401 to a guest, reading or writing", async () => {
    for (const [method, url, body] of [
      ["GET", ACADEMY_PROGRESS_PATH, undefined],
      ["PUT", lesson("rpie-basics", "deadline"), { done: true }],
    ] as const) {
      const res = await call(method, url, undefined, body);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe("UNAUTHENTICATED");
    }
  });

  it("stores a lesson done for the caller only, keeps it, and undoes it", async () => {
    expect(await progress(ann)).toEqual([]);
    const put = await call("PUT", lesson("rpie-basics", "deadline"), ann, { done: true });
    expect(put.statusCode, put.body).toBe(200);
    expect((put.json() as AcademyProgress).done.map((d) => d.lessonId)).toEqual(["deadline"]);
    // Marking it again is harmless and keeps one row.
    await call("PUT", lesson("rpie-basics", "deadline"), ann, { done: true });
    await call("PUT", lesson("selling-online", "labels"), ann, { done: true });
    expect((await progress(ann)).sort()).toEqual(["rpie-basics/deadline", "selling-online/labels"]);

    // A colleague in the same company sees none of it, and their own change leaves Ann's alone.
    expect(await progress(emp)).toEqual([]);
    await call("PUT", lesson("rpie-basics", "penalties"), emp, { done: true });
    await call("PUT", lesson("rpie-basics", "deadline"), emp, { done: false });
    expect(await progress(emp)).toEqual(["rpie-basics/penalties"]);
    expect((await progress(ann)).sort()).toEqual(["rpie-basics/deadline", "selling-online/labels"]);

    const undo = await call("PUT", lesson("rpie-basics", "deadline"), ann, { done: false });
    expect(undo.statusCode).toBe(200);
    expect(await progress(ann)).toEqual(["selling-online/labels"]);
  });

  it("refuses bad input with 400 and stores nothing", async () => {
    const before = await progress(emp);
    for (const [url, body] of [
      [lesson("no-such-course", "deadline"), { done: true }],
      [lesson("rpie-basics", "no-such-lesson"), { done: true }],
      // a lesson of the other course
      [lesson("rpie-basics", "labels"), { done: true }],
      [lesson("rpie-basics", "deadline"), { done: "yes" }],
      [lesson("rpie-basics", "deadline"), {}],
      [lesson("rpie-basics", "deadline"), { done: true, userId: ann.userId }],
      [lesson("rpie-basics", "x".repeat(61)), { done: true }],
    ] as const) {
      const res = await call("PUT", url, emp, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(typeof res.json().message).toBe("string");
    }
    expect(await progress(emp)).toEqual(before);
  });
});
