import { createFileRoute } from "@tanstack/react-router";
import { MappingEditorPage } from "../../../features/statement-mapping/MappingEditorPage";

export const Route = createFileRoute("/admin/statement-mapping/mapping/$statementMappingId")({
  component: function MappingRoute() {
    const { statementMappingId } = Route.useParams();
    return <MappingEditorPage fileId={statementMappingId} />;
  },
});
