import { createFileRoute } from "@tanstack/react-router";
import { FileUploadPage } from "../../features/files/FileUploadPage";

export const Route = createFileRoute("/dashboard/import-file")({
  component: FileUploadPage,
});
