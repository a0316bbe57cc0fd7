/** PostgreSQL error codes, read through drizzle's wrapper (the driver error is its `cause`). */
function pgCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === "object" && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (err: unknown) => pgCode(err) === "23505";
export const isForeignKeyViolation = (err: unknown) => pgCode(err) === "23503";
