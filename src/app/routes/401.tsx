import { createFileRoute } from "@tanstack/react-router";
import { UnauthorizedPage } from "../features/errors/pages";

export const Route = createFileRoute("/401")({
  component: () => <UnauthorizedPage />,
});
