import { createFileRoute } from "@tanstack/react-router";
import { AuthResultPage } from "../features/auth/pages/EmailPages";

export const Route = createFileRoute("/auth-success")({
  component: () => <AuthResultPage ok />,
});
