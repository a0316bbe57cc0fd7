import { createFileRoute } from "@tanstack/react-router";
import { ForgotPasswordPage } from "../../../features/auth/pages/PasswordPages";

export const Route = createFileRoute("/auth/google/data-user-forgot-password")({
  component: ForgotPasswordPage,
});
