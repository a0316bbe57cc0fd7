import { createFileRoute } from "@tanstack/react-router";
import { refreshFilings } from "../../../features/filing/filing-api";
import { MappingEditorPage } from "../../../features/statement-mapping/MappingEditorPage";
import { queryClient } from "../../../lib/query-client";

export const Route = createFileRoute("/admin/statement-mapping/mapping/$statementMappingId")({
  component: function MappingRoute() {
    const { statementMappingId } = Route.useParams();
    return (
      <MappingEditorPage fileId={statementMappingId} onFilingMoved={() => refreshFilings(queryClient)} />
    );
  },
});
