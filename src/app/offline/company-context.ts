import { createContext, useContext } from "react";

/** The company the signed-in user works in, given by the dashboard frame's SyncProvider. */
export const CompanyContext = createContext<string | null>(null);

/** The company the signed-in user works in (null outside a SyncProvider or without a company). */
export function useCompanyId(): string | null {
  return useContext(CompanyContext);
}
