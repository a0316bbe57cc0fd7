/**
 * The feed cursor (docs/inventory.md "The cursor"): where a device is in the two streams it
 * reads — its company's records (company types) and the caller's own (user types) — as the last
 * change_seq seen in each, in opaque base64url text. Within a company (and within a user)
 * change_seq order is commit order (the triggers' advisory locks, migrations 0008 and 0013), so
 * "every row of the owner with change_seq > N" is exactly what the device has not seen yet.
 *
 * Text: `i1:<company>:<seq>` while the device has seen no private record (the form installed apps
 * hold), `i2:<company>:<seq>:<user>:<user seq>` once it has.
 */
import { httpError } from "../../plugins/errors";

export interface Cursor {
  companyId: string;
  seq: number;
  /** The caller's stream (user types); absent: nothing seen there yet. */
  user?: { userId: string; seq: number };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SEQ = /^\d{1,15}$/;

export function encodeCursor(c: Cursor): string {
  const text =
    c.user && c.user.seq > 0
      ? `i2:${c.companyId}:${c.seq}:${c.user.userId}:${c.user.seq}`
      : `i1:${c.companyId}:${c.seq}`;
  return Buffer.from(text, "utf8").toString("base64url");
}

/** null for an empty cursor (from the beginning); throws 400 for one that is not ours. */
export function decodeCursor(text: string | undefined): Cursor | null {
  if (text === undefined || text === "") return null;
  const bad = () =>
    httpError(400, "Invalid sync cursor: send the cursor of the last page, or none to start over");
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw bad();
  const parts = Buffer.from(text, "base64url").toString("utf8").split(":");
  const [v, companyId, seq, userId, userSeq] = parts;
  const okCompany = !!companyId && UUID.test(companyId) && SEQ.test(seq ?? "");
  if (v === "i1" && parts.length === 3 && okCompany) return { companyId, seq: Number(seq) };
  if (v === "i2" && parts.length === 5 && okCompany && userId && UUID.test(userId) && SEQ.test(userSeq ?? ""))
    return { companyId, seq: Number(seq), user: { userId, seq: Number(userSeq) } };
  throw bad();
}
