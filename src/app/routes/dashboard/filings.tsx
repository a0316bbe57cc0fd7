import { createFileRoute } from "@tanstack/react-router";
import { FilingsPage } from "../../features/filing/FilingsPage";

export const Route = createFileRoute("/dashboard/filings")({
  validateSearch: (search: Record<string, unknown>): { penalty?: boolean } =>
    search.penalty === true || search.penalty === "1" || search.penalty === 1 ? { penalty: true } : {},
  component: function Filings() {
    const { penalty } = Route.useSearch();
    return <FilingsPage penalty={penalty === true} />;
  },
});
