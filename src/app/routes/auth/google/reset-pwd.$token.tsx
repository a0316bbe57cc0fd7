import { createFileRoute } from "@tanstack/react-router";
import { ResetPasswordPage } from "../../../features/auth/pages/PasswordPages";

function ResetPwd() {
  const { token } = Route.useParams();
  return <ResetPasswordPage token={token} />;
}

export const Route = createFileRoute("/auth/google/reset-pwd/$token")({
  component: ResetPwd,
});
