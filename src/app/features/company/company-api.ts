import { http } from "../../lib/http";

/** A company of the signed-in user (GET /api/trade/company/get-company-roles). */
export interface Company {
  id: string;
  companyName: string;
  /** true or 1 marks the active company; 0/false otherwise. */
  isPrimary: boolean | number;
  createdAt: string;
  users: { id: string; roles: string[] }[];
}

export const companyApi = {
  list: () => http.get<Company[]>("/api/trade/company/get-company-roles"),
  setActive: (id: string) => http.put<Company[]>(`/api/trade/company/set-active/${encodeURIComponent(id)}`),
};
