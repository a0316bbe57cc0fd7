import { createFileRoute, Outlet } from "@tanstack/react-router";
import { AuthGuard } from "../features/auth/guards";
import { QueryProvider } from "../lib/QueryProvider";
import { SyncProvider } from "../offline/sync-provider";
import { DashboardLayout } from "../shell/DashboardLayout";

export const Route = createFileRoute("/dashboard")({
  component: () => (
    <QueryProvider>
      <AuthGuard>
        <SyncProvider>
          <DashboardLayout area="dashboard">
            <Outlet />
          </DashboardLayout>
        </SyncProvider>
      </AuthGuard>
    </QueryProvider>
  ),
});
