import { createFileRoute } from "@tanstack/react-router";
import { FileManagerPage } from "../../features/files/manager/FileManagerPage";
import { parseFileManagerSearch } from "../../features/files/manager/file-manager-search";

/** /dashboard/file-manager?q=&folder=&kind=&page=: the search and folder survive a reload and a shared link. */
export const Route = createFileRoute("/dashboard/file-manager")({
  validateSearch: parseFileManagerSearch,
  component: function Page() {
    const navigate = Route.useNavigate();
    return (
      <FileManagerPage
        search={Route.useSearch()}
        onSearch={(next, opts) => navigate({ search: next, replace: opts?.replace })}
      />
    );
  },
});
