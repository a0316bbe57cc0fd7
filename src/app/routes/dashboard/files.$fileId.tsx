import { createFileRoute } from "@tanstack/react-router";
import { FilePreviewPage } from "../../features/files/preview/FilePreviewPage";

export const Route = createFileRoute("/dashboard/files/$fileId")({
  component: function FilePreview() {
    const { fileId } = Route.useParams();
    return <FilePreviewPage key={fileId} fileId={fileId} />;
  },
});
