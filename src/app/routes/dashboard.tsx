import { createFileRoute, Outlet } from "@tanstack/react-router";
import { AuthGuard } from "../features/auth/guards";
import { QueryProvider } from "../lib/QueryProvider";
import { DashboardLayout } from "../ui/shell/DashboardLayout";

export const Route = createFileRoute("/dashboard")({
  component: () => (
    <QueryProvider>
      <AuthGuard>
        <DashboardLayout area="dashboard">
          <Outlet />
        </DashboardLayout>
      </AuthGuard>
    </QueryProvider>
  ),
});
