import { createFileRoute } from "@tanstack/react-router";
import { PenaltyRemovalPage } from "../../features/public-site/pages/PenaltyRemovalPage";

export const Route = createFileRoute("/_public/penalty-removal")({
  component: PenaltyRemovalPage,
});
