import { companyApi } from "./company-api";
import { createCompanyStore } from "./company-store";

let refresher: () => Promise<void> = async () => {
  throw new Error("No token refresher bound: render <CompanySwitcher> inside <AuthProvider>");
};

/** The switcher refreshes the token through the auth context; the component binds it here. */
export function bindTokenRefresher(fn: () => Promise<void>) {
  refresher = fn;
}

/** The app's one company store (lives across the dashboard, admin and marketplace layouts). */
export const companyStore = createCompanyStore({
  list: companyApi.list,
  setActive: companyApi.setActive,
  refreshToken: () => refresher(),
  reload: (path) => window.location.assign(path),
  log: (message, error) => console.error(message, error ?? ""),
});
