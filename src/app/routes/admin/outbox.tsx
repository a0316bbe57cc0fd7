import { createFileRoute } from "@tanstack/react-router";
import { OutboxPage } from "../../features/outbox/OutboxPage";
import { parseOutboxSearch } from "../../features/outbox/outbox-search";

/** /admin/outbox?status=&query=&page=: the mail outbox (issue 24), its list state in the URL. */
export const Route = createFileRoute("/admin/outbox")({
  validateSearch: parseOutboxSearch,
  component: function Page() {
    const navigate = Route.useNavigate();
    return <OutboxPage search={Route.useSearch()} onSearch={(next) => navigate({ search: next })} />;
  },
});
