import { createFileRoute } from "@tanstack/react-router";
import { AcademyPage } from "../../features/academy/AcademyPage";

/** /dashboard/academy: RPIE and selling courses with the user's progress (docs/academy.md). */
export const Route = createFileRoute("/dashboard/academy/")({
  component: AcademyPage,
});
