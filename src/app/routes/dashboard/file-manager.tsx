import { createFileRoute } from "@tanstack/react-router";
import { FileManagerPage } from "../../features/files/manager/FileManagerPage";

export const Route = createFileRoute("/dashboard/file-manager")({
  component: FileManagerPage,
});
