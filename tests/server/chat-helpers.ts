import type { TestUser } from "./fixtures";
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
