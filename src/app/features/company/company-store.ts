/**
 * The company switcher's state (spec sections 3, 4, 7): the user's companies, fetched
 * once when the list is empty; choosing one makes it the sole primary company on the
 * server, refreshes the access token (its companyId and roles change) and fully
 * reloads the app at the import dashboard. Failures are only logged.
 */
import { useSyncExternalStore } from "react";
import type { Company } from "./company-api";

type LoadStatus = "idle" | "loading" | "succeeded" | "failed";

export interface SwitcherEntry {
  id: string;
  name: string;
  isPrimary: boolean;
}

export interface CompanyState {
  companies: Company[];
  status: LoadStatus;
  switching: string | null;
}

export interface CompanyDeps {
  list(): Promise<Company[]>;
  setActive(id: string): Promise<Company[]>;
  refreshToken(): Promise<void>;
  /** A full page load of the given path. */
  reload(path: string): void;
  log(message: string, error?: unknown): void;
}

export const AFTER_SWITCH_PATH = "/dashboard/import-file";

export const isPrimary = (c: Pick<Company, "isPrimary">) => c.isPrimary === true || c.isPrimary === 1;

/** Switcher entries use id and name. */
export function toEntries(companies: readonly Company[]): SwitcherEntry[] {
  return companies.map((c) => ({ id: c.id, name: c.companyName, isPrimary: isPrimary(c) }));
}

/** Makes one company the sole primary one (locally, as the server does). */
function markPrimary(companies: readonly Company[], id: string): Company[] {
  return companies.map((c) => ({ ...c, isPrimary: c.id === id ? 1 : 0 }));
}

export function createCompanyStore(deps: CompanyDeps) {
  const listeners = new Set<() => void>();
  let state: CompanyState = { companies: [], status: "idle", switching: null };
  const set = (next: Partial<CompanyState>) => {
    state = { ...state, ...next };
    for (const l of listeners) l();
  };
  let loading: Promise<void> | null = null;

  const store = {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Fetches the list once while it is empty (a failed fetch may be retried later). */
    ensureLoaded(): Promise<void> {
      if (state.companies.length > 0 || state.status === "succeeded") return Promise.resolve();
      loading ??= (async () => {
        set({ status: "loading" });
        try {
          const companies = await deps.list();
          set({ companies, status: "succeeded" });
          if (companies.length > 0 && !companies.some(isPrimary)) deps.log("No primary company found");
        } catch (error) {
          set({ status: "failed" });
          deps.log("Could not load companies", error);
        } finally {
          loading = null;
        }
      })();
      return loading;
    },
    /** Switches the active company; resolves true when the page is being reloaded. */
    async select(id: string): Promise<boolean> {
      if (state.switching) return false;
      const current = state.companies.find(isPrimary);
      if (current?.id === id) return false;
      set({ switching: id });
      try {
        const answer = await deps.setActive(id);
        set({
          companies: Array.isArray(answer) && answer.length ? answer : markPrimary(state.companies, id),
        });
        await deps.refreshToken();
        deps.reload(AFTER_SWITCH_PATH);
        return true;
      } catch (error) {
        deps.log("Could not change the active company", error);
        set({ switching: null });
        return false;
      }
    },
    /** Forget the list (on sign-out). */
    clear() {
      // nothing to forget on a first load: no update, no render of the switcher
      if (state.companies.length === 0 && state.status === "idle" && state.switching === null) return;
      set({ companies: [], status: "idle", switching: null });
    },
  };
  return store;
}

export type CompanyStore = ReturnType<typeof createCompanyStore>;

export function useCompanyState(store: CompanyStore): CompanyState {
  return useSyncExternalStore(store.subscribe, store.getState);
}
