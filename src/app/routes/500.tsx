import { createFileRoute } from "@tanstack/react-router";
import { ServerErrorPage } from "../features/errors/pages";

export const Route = createFileRoute("/500")({
  component: () => <ServerErrorPage />,
});
