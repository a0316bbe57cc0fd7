import { addMember, createTestUser, type TestUser } from "./fixtures";
import type { TestServer } from "./harness";

/** POSTs a message to a chat thread as `who`, with an Idempotency-Key when given; the raw answer. */
export function postChatMessage(
  server: TestServer,
  who: TestUser,
  threadId: string,
  payload: object,
  key?: string,
) {
  return server.app.inject({
    method: "POST",
    url: `/api/chat/threads/${threadId}/messages`,
    headers: { ...who.auth, ...(key ? { "idempotency-key": key } : {}) },
    payload,
  });
}

/**
 * The chat tests' people: Ann (admin of Ann Realty), Emp (an employee there, with a company of
 * their own) and Bob (admin of Bob Holdings, another company).
 */
export async function chatPeople(server: TestServer) {
  const ann = await createTestUser(server, { displayName: "Ann", companyName: "Ann Realty" });
  const emp = await createTestUser(server, { displayName: "Emp", companyName: "Emp Own Co" });
  await addMember(server, ann.companyId, emp.userId, ["ROLE_COMPANY_EMPLOYEE"], true);
  const bob = await createTestUser(server, { displayName: "Bob", companyName: "Bob Holdings" });
  return { ann, emp, bob };
}
