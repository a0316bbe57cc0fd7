import { createFileRoute } from "@tanstack/react-router";
import { ForgotPasswordPage } from "../../../features/auth/pages/PasswordPages";

export const Route = createFileRoute("/auth/amplify/forgot-password")({
  component: () => <ForgotPasswordPage />,
});
