import { createFileRoute } from "@tanstack/react-router";
import { ForbiddenPage } from "../features/errors/pages";

export const Route = createFileRoute("/403")({
  component: () => <ForbiddenPage />,
});
