import { v7 as uuidv7 } from "uuid";
import type { Db } from "../../db/client";
import { auditLog } from "../../db/schema";

export type AuthAuditAction =
  | "sign-in"
  | "sign-in-failed"
  | "sign-in-google"
  | "refresh-token-reuse"
  | "password-reset"
  | "email-confirmed"
  | "register"
  | "admin-bootstrap";

/** One row in audit_log for a security-relevant event. */
export async function audit(
  db: Db,
  action: AuthAuditAction,
  entry: { userId?: string | null; companyId?: string | null; detail?: Record<string, unknown> } = {},
) {
  await db.insert(auditLog).values({
    id: uuidv7(),
    action,
    userId: entry.userId ?? null,
    companyId: entry.companyId ?? null,
    detail: entry.detail ?? null,
  });
}
