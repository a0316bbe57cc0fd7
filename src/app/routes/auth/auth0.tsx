import { createFileRoute, Outlet } from "@tanstack/react-router";
import { AuthLayout } from "../../features/auth/AuthLayout";
import { GuestGuard, IssuerGuard } from "../../features/auth/guards";

// Not the active issuer: every page of this tree shows the 400 issuer-mismatch page.
export const Route = createFileRoute("/auth/auth0")({
  component: () => (
    <IssuerGuard issuer="auth0">
      <GuestGuard>
        <AuthLayout>
          <Outlet />
        </AuthLayout>
      </GuestGuard>
    </IssuerGuard>
  ),
});
