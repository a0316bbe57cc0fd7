import { createFileRoute } from "@tanstack/react-router";
import { RegisterFormPage } from "../../../../features/auth/pages/RegisterPages";
import { returnToSearch } from "../../../../features/auth/return-to";

export const Route = createFileRoute("/auth/google/data-user-register-for-login/form")({
  validateSearch: returnToSearch,
  component: RegisterFormPage,
});
