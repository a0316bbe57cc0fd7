/**
 * A request body that is already JSON text: sent as it is (Content-Type application/json)
 * instead of through JSON.stringify. An import chunk is stored as the text it is sent as
 * (offline/bulk.ts), so a replay sends exactly the bytes first sent, without encoding them again.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** The text to send for a JSON body (a JsonText as it is, anything else stringified). */
export const jsonBodyText = (body: unknown): string =>
  body instanceof JsonText ? body.text : JSON.stringify(body);
