import { createFileRoute, Outlet } from "@tanstack/react-router";
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

/** Syncs the signed-in user's company while the dashboard is shown. */
function CompanySync({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return <SyncProvider companyId={user?.companyId ?? null}>{children}</SyncProvider>;
}
