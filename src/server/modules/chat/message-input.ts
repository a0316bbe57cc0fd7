/**
 * What a message's request carries, checked the same way by the thread's message route and the
 * batch route (message-batch.ts): the body's schema, its text, the Idempotency-Key.
 */
import { Type } from "@sinclair/typebox";
import { CHAT_ATTACHMENTS_PER_MESSAGE } from "../../../domain/chat/attachments";
import { CHAT_BODY_MAX, chatBodyProblem } from "../../../domain/chat/types";
import { httpError } from "../../plugins/errors";

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const MessageBody = Type.Object(
  {
    id: Type.Optional(
      Type.String({
        format: "uuid",
        description:
          "The message's id, chosen by the device that wrote it (as inventory records are), so what it keeps under that id (files refused while offline) stays with the sent message; omitted, the server chooses one. An id already on another message is 409.",
      }),
    ),
    body: Type.String({ maxLength: CHAT_BODY_MAX * 2 }),
    attachmentIds: Type.Optional(
      Type.Array(Type.String({ format: "uuid" }), {
        maxItems: CHAT_ATTACHMENTS_PER_MESSAGE,
        uniqueItems: true,
      }),
    ),
  },
  { additionalProperties: false },
);

/** The message body the caller sent, trimmed; 400 when it is empty or over the limit. */
export function cleanBody(body: string): string {
  const problem = chatBodyProblem(body);
  if (problem === "empty") throw httpError(400, "A message cannot be empty");
  if (problem === "too-long") throw httpError(400, `A message may have at most ${CHAT_BODY_MAX} characters`);
  return body.trim();
}

/**
 * A new message's key and text as its route takes them (after the body's schema): 400 for a key
 * that is not 1 to 255 printable ASCII characters, or a text that is empty (unless files carry
 * the message) or too long.
 */
export function messageInput(
  sent: { id?: string; body: string; attachmentIds?: string[] },
  key: string | undefined,
): { id: string | undefined; body: string; key: string | undefined; attachmentIds: string[] } {
  if (key !== undefined && !KEY_PATTERN.test(key)) {
    throw httpError(400, "Idempotency-Key must be 1 to 255 printable ASCII characters without spaces");
  }
  const attachmentIds = sent.attachmentIds ?? [];
  // a message may be only files: its text may then be empty
  const body = attachmentIds.length > 0 && !sent.body.trim() ? "" : cleanBody(sent.body);
  return { id: sent.id?.toLowerCase(), body, key, attachmentIds };
}
