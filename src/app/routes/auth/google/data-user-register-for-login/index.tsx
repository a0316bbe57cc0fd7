import { createFileRoute } from "@tanstack/react-router";
import { RegisterIntroPage } from "../../../../features/auth/pages/RegisterPages";

export const Route = createFileRoute("/auth/google/data-user-register-for-login/")({
  component: RegisterIntroPage,
});
