import { createFileRoute } from "@tanstack/react-router";
import { INBOX_SORTS } from "../../../domain/admin/list-sorts";
import { InboxListPage } from "../../features/admin-inbox/InboxListPage";
import { parseListSearch } from "../../ui/server-list/list-search";

/** /admin/contact-messages: the staff inbox list (issue 17; docs/public-forms.md). */
export const Route = createFileRoute("/admin/contact-messages")({
  validateSearch: (s) => parseListSearch(s, INBOX_SORTS),
  component: function Page() {
    const navigate = Route.useNavigate();
    return (
      <InboxListPage
        kind="contact-messages"
        search={Route.useSearch()}
        onSearch={(next) => navigate({ search: next })}
      />
    );
  },
});
