/** The admin user screens' data (spec section 2; super admins only). */
import { queryOptions } from "@tanstack/react-query";
import type { RoleSetting } from "../../../domain/admin/user-roles";
import { HttpError, http } from "../../lib/http";

interface UserCompany {
  id: string;
  companyName: string;
  roles: string[];
  isPrimary: boolean;
}

export interface AdminUserRow {
  id: string;
  email: string;
  displayName: string;
  roles: string[];
  emailConfirmed: boolean;
  createdAt: string;
  companies: UserCompany[];
}

export interface ConfirmedUserRow {
  id: string;
  email: string;
  displayName: string;
  roles: string[];
  confirmedAt: string;
  companyId: string | null;
  companyName: string | null;
}

export interface UnregisteredRow {
  id: string;
  kind: "account" | "invitation";
  email: string;
  name: string | null;
  companyName: string | null;
  createdAt: string;
  expiresAt: string | null;
}

export interface SellerRow {
  id: string;
  companyName: string;
  ownerId: string | null;
  ownerEmail: string | null;
  items: number;
  byStatus: Record<string, number>;
  listings: number;
  sales: number;
  lastActivity: string | null;
}

export interface ClarityRow {
  id: string;
  clarityId: string;
  createdAt: string;
  userId: string;
  email: string;
  displayName: string;
}

export interface UserDetail extends AdminUserRow {
  phoneNumber: string | null;
  emailConfirmedAt: string | null;
  disabled: boolean;
  google: boolean;
  companies: (UserCompany & {
    properties: number;
    filings: number;
    inventoryItems: number;
    ebay: { state: string; username: string | null } | null;
  })[];
  sessions: { familyId: string; startedAt: string; lastUsedAt: string; expiresAt: string }[];
  signIns: { id: string; at: string; ok: boolean; method: string | null; ip: string | null }[];
  roleChanges: {
    id: string;
    at: string;
    byId: string | null;
    byEmail: string | null;
    before: RoleSetting | null;
    after: RoleSetting | null;
  }[];
  clarityIds: { clarityId: string; createdAt: string }[];
}

export const userDetailQuery = (id: string) =>
  queryOptions({
    queryKey: ["admin", "user-detail", id],
    queryFn: () => http.get<UserDetail>(`/api/admin/all-user/${encodeURIComponent(id)}/detail`),
  });

export const adminUsersApi = {
  setRoles: (id: string, body: RoleSetting) =>
    http.put<RoleSetting>(`/api/admin/all-user/${encodeURIComponent(id)}/roles`, body, {
      keepForbidden: true,
    }),
  revokeSession: (id: string, familyId: string) =>
    http.delete(`/api/admin/all-user/${encodeURIComponent(id)}/sessions/${encodeURIComponent(familyId)}`),
  resend: (kind: "account" | "invitation", id: string) =>
    http.post<{ message: string }>(`/api/admin/unregistered-user/${kind}/${encodeURIComponent(id)}/resend`),
  remove: (kind: "account" | "invitation", id: string) =>
    http.delete(`/api/admin/unregistered-user/${kind}/${encodeURIComponent(id)}`),
};

/** The server's message for a failed call, or the error as text. */
export const errorMessage = (e: unknown) =>
  e instanceof HttpError ? ((e.data as { message?: string } | undefined)?.message ?? e.message) : String(e);
