import { createFileRoute } from "@tanstack/react-router";
import { AuthResultPage } from "../features/auth/pages/EmailPages";

export const Route = createFileRoute("/auth-declined")({
  component: () => <AuthResultPage ok={false} />,
});
