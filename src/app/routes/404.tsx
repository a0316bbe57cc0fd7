import { createFileRoute } from "@tanstack/react-router";
import { NotFoundPage } from "../features/errors/pages";

export const Route = createFileRoute("/404")({
  component: () => <NotFoundPage />,
});
