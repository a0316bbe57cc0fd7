import { createFileRoute } from "@tanstack/react-router";
import { AuthLayout } from "../features/auth/AuthLayout";
import { SetupPage } from "../features/setup/SetupPage";

export const Route = createFileRoute("/setup")({
  component: () => (
    <AuthLayout>
      <SetupPage />
    </AuthLayout>
  ),
});
