import { createFileRoute, Outlet } from "@tanstack/react-router";
import { AuthGuard } from "../features/auth/guards";
import { DashboardLayout } from "../ui/shell/DashboardLayout";

export const Route = createFileRoute("/dashboard")({
  component: () => (
    <AuthGuard>
      <DashboardLayout area="dashboard">
        <Outlet />
      </DashboardLayout>
    </AuthGuard>
  ),
});
