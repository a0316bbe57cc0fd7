import { createFileRoute } from "@tanstack/react-router";
import { ResetPasswordPage } from "../../../features/auth/pages/PasswordPages";

export const Route = createFileRoute("/auth/amplify/reset-password")({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === "string" ? { token: search.token } : {},
  component: function AmplifyReset() {
    const { token } = Route.useSearch();
    return <ResetPasswordPage token={token ?? ""} />;
  },
});
