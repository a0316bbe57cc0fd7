import { createFileRoute } from "@tanstack/react-router";
import { MappingPreviewPage } from "../../../features/statement-mapping/MappingPreviewPage";

export const Route = createFileRoute("/admin/statement-mapping/previews/$statementMappingId")({
  component: function PreviewRoute() {
    const { statementMappingId } = Route.useParams();
    return <MappingPreviewPage fileId={statementMappingId} />;
  },
});
