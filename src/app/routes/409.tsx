import { createFileRoute } from "@tanstack/react-router";
import { ExpiredLinkPage } from "../features/errors/pages";

export const Route = createFileRoute("/409")({
  component: () => <ExpiredLinkPage />,
});
