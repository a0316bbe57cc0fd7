import { createFileRoute } from "@tanstack/react-router";
import { FilePreviewPage } from "../../features/files/preview/FilePreviewPage";
import { filePreviewQueries } from "../../features/files/preview/file-preview-api";
import { preloadQuery } from "../../lib/preload-query";

export const Route = createFileRoute("/dashboard/files/$fileId")({
  loader: ({ params }) => preloadQuery(filePreviewQueries.file(params.fileId)),
  component: function FilePreview() {
    const { fileId } = Route.useParams();
    return <FilePreviewPage key={fileId} fileId={fileId} />;
  },
});
