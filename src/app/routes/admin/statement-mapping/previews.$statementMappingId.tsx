import { createFileRoute } from "@tanstack/react-router";
import { filePreviewQueries } from "../../../features/files/preview/file-preview-api";
import { MappingPreviewPage } from "../../../features/statement-mapping/MappingPreviewPage";
import { preloadQuery } from "../../../lib/preload-query";

export const Route = createFileRoute("/admin/statement-mapping/previews/$statementMappingId")({
  loader: ({ params }) => preloadQuery(filePreviewQueries.file(params.statementMappingId)),
  component: function PreviewRoute() {
    const { statementMappingId } = Route.useParams();
    return <MappingPreviewPage fileId={statementMappingId} />;
  },
});
