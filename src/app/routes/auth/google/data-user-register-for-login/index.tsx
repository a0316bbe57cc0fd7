import { createFileRoute } from "@tanstack/react-router";
import { RegisterIntroPage } from "../../../../features/auth/pages/RegisterPages";
import { returnToSearch } from "../../../../features/auth/return-to";

export const Route = createFileRoute("/auth/google/data-user-register-for-login/")({
  validateSearch: returnToSearch,
  component: RegisterIntroPage,
});
