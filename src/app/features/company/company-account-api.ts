import { queryOptions } from "@tanstack/react-query";
import type { CompanyRole } from "../../../domain/roles";
import { http } from "../../lib/http";
import { companyApi } from "./company-api";

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

/** "Managed listing": the company hands its inventory to the marketplace staff (docs/marketplace.md). */
export interface ManagedListing {
  enabled: boolean;
  changedAt: string | null;
  changedBy: { id: string; displayName: string } | null;
}

const company = (id: string) => `/api/trade/company/${encodeURIComponent(id)}`;

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
  managedListing: (companyId: string) => http.get<ManagedListing>(`${company(companyId)}/managed-listing`),
  setManagedListing: (companyId: string, enabled: boolean) =>
    http.put<ManagedListing>(`${company(companyId)}/managed-listing`, { enabled }, { keepForbidden: true }),
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

/** The company feature's query keys: all of them start with `all`. */
export const companyKeys = {
  all: ["company-account"] as const,
  companies: ["company-account", "companies"] as const,
  members: (companyId: string) => [...companyKeys.all, companyId, "members"] as const,
  invitations: (companyId: string) => [...companyKeys.all, companyId, "invitations"] as const,
  managedListing: (companyId: string) => [...companyKeys.all, companyId, "managed-listing"] as const,
};

/** Each query of the feature: its key and its fetcher, side by side. */
export const companyQueries = {
  /** The caller's companies with their members' roles (the active one is primary). */
  companies: () => queryOptions({ queryKey: companyKeys.companies, queryFn: companyApi.list }),
  members: (companyId: string) =>
    queryOptions({
      queryKey: companyKeys.members(companyId),
      queryFn: () => companyAccountApi.members(companyId),
    }),
  managedListing: (companyId: string) =>
    queryOptions({
      queryKey: companyKeys.managedListing(companyId),
      queryFn: () => companyAccountApi.managedListing(companyId),
    }),
  invitations: (companyId: string) =>
    queryOptions({
      queryKey: companyKeys.invitations(companyId),
      queryFn: () => companyAccountApi.invitations(companyId),
    }),
};
