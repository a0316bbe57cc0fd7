import { createFileRoute, Outlet, useRouterState } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useAuth } from "../features/auth/auth-context";
import { AuthGuard } from "../features/auth/guards";
import { QueryProvider } from "../lib/QueryProvider";
import { SyncProvider } from "../offline/sync-provider";
import { DashboardLayout } from "../shell/DashboardLayout";

export const Route = createFileRoute("/dashboard")({
  component: () => (
    <QueryProvider>
      <AuthGuard>
        <CompanySync>
          <DashboardLayout area="dashboard">
            <Outlet />
          </DashboardLayout>
        </CompanySync>
      </AuthGuard>
    </QueryProvider>
  ),
});

/**
 * Syncs the signed-in user's company while the dashboard is shown, starting once the first
 * page has loaded (its code and data go first: docs/offline.md, "Start").
 */
function CompanySync({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const pageLoading = useRouterState({ select: (s) => s.status === "pending" });
  return (
    <SyncProvider companyId={user?.companyId ?? null} hold={pageLoading}>
      {children}
    </SyncProvider>
  );
}
