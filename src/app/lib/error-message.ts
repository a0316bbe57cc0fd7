/** The text of a thrown value, for a toast or an alert (HttpError carries the server's message). */
export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
