import type { CompanyRole } from "../../../domain/roles";
import { http } from "../../lib/http";

export interface Member {
  id: string;
  displayName: string;
  email: string;
  roles: string[];
  superAdmin: boolean;
  joinedAt: string;
}

export interface PendingInvitation {
  id: string;
  email: string;
  roles: string[];
  invitedBy: { id: string; displayName: string } | null;
  createdAt: string;
  expiresAt: string;
}

/** What an invitation link is for (spec section 3 Invitation). */
export interface InvitationView {
  email: string;
  companyName: string;
  invitationId: string;
  roles: string[];
  expiresAt: string;
}

const company = (id: string) => `/api/trade/company/${encodeURIComponent(id)}`;

export const COMPANY_ACCOUNT_KEY = ["company-account"] as const;

export const companyAccountApi = {
  members: (companyId: string) => http.get<Member[]>(`${company(companyId)}/users`),
  rename: (companyId: string, companyName: string) => http.put(company(companyId), { companyName }),
  setRoles: (companyId: string, userId: string, roles: CompanyRole[]) =>
    http.put(
      `${company(companyId)}/users/${encodeURIComponent(userId)}/roles`,
      { roles },
      { keepForbidden: true },
    ),
  remove: (companyId: string, userId: string) =>
    http.delete(`${company(companyId)}/users/${encodeURIComponent(userId)}`, { keepForbidden: true }),
  invitations: (companyId: string) => http.get<PendingInvitation[]>(`${company(companyId)}/invitations`),
  invite: (companyId: string, email: string, role: CompanyRole) =>
    http.post<PendingInvitation>(
      `${company(companyId)}/invitations`,
      { email, role },
      { keepForbidden: true },
    ),
  revoke: (companyId: string, invitationId: string) =>
    http.delete(`${company(companyId)}/invitations/${encodeURIComponent(invitationId)}`, {
      keepForbidden: true,
    }),
  /** Public: works signed out too. */
  invitation: (hash: string) =>
    http.get<InvitationView>(`/api/invitation/${encodeURIComponent(hash)}`, { anonymous: true }),
  accept: (hash: string) =>
    http.post<{ companyId: string; companyName: string; roles: string[] }>(
      `/api/invitation/${encodeURIComponent(hash)}/accept`,
      undefined,
      { keepForbidden: true },
    ),
};
