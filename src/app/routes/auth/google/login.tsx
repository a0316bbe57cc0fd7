import { createFileRoute } from "@tanstack/react-router";
import { LoginPage } from "../../../features/auth/pages/LoginPage";

export const Route = createFileRoute("/auth/google/login")({
  validateSearch: (search: Record<string, unknown>): { returnTo?: string } =>
    typeof search.returnTo === "string" ? { returnTo: search.returnTo } : {},
  component: LoginPage,
});
