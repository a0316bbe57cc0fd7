import { createFileRoute } from "@tanstack/react-router";
import { refreshFilings } from "../../../features/filing/filing-api";
import { mappingQueries } from "../../../features/statement-mapping/api";
import { MappingEditorPage } from "../../../features/statement-mapping/MappingEditorPage";
import { preloadQuery } from "../../../lib/preload-query";
import { queryClient } from "../../../lib/query-client";

export const Route = createFileRoute("/admin/statement-mapping/mapping/$statementMappingId")({
  loader: ({ params }) => preloadQuery(mappingQueries.view(params.statementMappingId)),
  component: function MappingRoute() {
    const { statementMappingId } = Route.useParams();
    return (
      <MappingEditorPage fileId={statementMappingId} onFilingMoved={() => refreshFilings(queryClient)} />
    );
  },
});
