import { createFileRoute, Outlet } from "@tanstack/react-router";
import { AuthLayout } from "../../features/auth/AuthLayout";
import { GuestGuard, IssuerGuard } from "../../features/auth/guards";

export const Route = createFileRoute("/auth/google")({
  component: () => (
    <IssuerGuard issuer="google">
      <GuestGuard>
        <AuthLayout>
          <Outlet />
        </AuthLayout>
      </GuestGuard>
    </IssuerGuard>
  ),
});
