import { createFileRoute } from "@tanstack/react-router";
import { RegisterFormPage } from "../../../../features/auth/pages/RegisterPages";

export const Route = createFileRoute("/auth/google/data-user-register-for-login/form")({
  component: RegisterFormPage,
});
