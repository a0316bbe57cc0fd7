import { HttpError } from "./http";

/** The server's message for a failed call, or the error's own. */
export const errorText = (error: unknown) =>
  error instanceof HttpError || error instanceof Error ? error.message : String(error);
