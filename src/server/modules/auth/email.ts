import { httpError } from "../../plugins/errors";

/** The same rule as the JSON-schema "email" format (ajv-formats, fast mode). */
const EMAIL_RE =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_RE.test(value);
}

/** Trimmed, lower-cased email, or a 400 "Invalid email address" (the spec's message). */
export function normalizeEmail(value: string): string {
  const email = value.trim().toLowerCase();
  if (!isEmail(email)) throw httpError(400, "Invalid email address");
  return email;
}
