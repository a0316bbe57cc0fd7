import { createFileRoute, Outlet } from "@tanstack/react-router";
import { AREA_ROLES } from "../../domain/roles";
import { AuthGuard, RoleGuard } from "../features/auth/guards";
import { QueryProvider } from "../lib/QueryProvider";
import { DashboardLayout } from "../shell/DashboardLayout";

export const Route = createFileRoute("/marketplace")({
  component: () => (
    <QueryProvider>
      <AuthGuard>
        <RoleGuard roles={AREA_ROLES.marketplace}>
          <DashboardLayout area="marketplace">
            <Outlet />
          </DashboardLayout>
        </RoleGuard>
      </AuthGuard>
    </QueryProvider>
  ),
});
