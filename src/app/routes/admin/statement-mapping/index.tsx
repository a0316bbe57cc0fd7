import { createFileRoute } from "@tanstack/react-router";
import { MappingListPage } from "../../../features/statement-mapping/MappingListPage";

export const Route = createFileRoute("/admin/statement-mapping/")({
  component: MappingListPage,
});
