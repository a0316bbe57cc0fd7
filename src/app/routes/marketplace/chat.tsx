import { createFileRoute } from "@tanstack/react-router";
import { lazy } from "react";

// The page loads when the route renders, so the route table at start carries a short preload list (landing budget).
const AdminChatPage = lazy(() =>
  import("../../features/chat/AdminChatPage").then((m) => ({ default: m.AdminChatPage })),
);

/** /marketplace/chat?thread=<id> (or ?seller=<company id>, from the seller pages: that seller's thread): the support-marketplace threads of seller companies, for marketplace staff (docs/chat.md). */
export const Route = createFileRoute("/marketplace/chat")({
  component: function Page() {
    const navigate = Route.useNavigate();
    // No validateSearch: it would load with the landing page (size budget); the page reads ?thread itself.
    const { thread, seller } = Route.useSearch() as { thread?: unknown; seller?: unknown };
    return (
      <AdminChatPage
        threadId={typeof thread === "string" ? thread : null}
        sellerId={typeof seller === "string" && !thread ? seller : null}
        onOpen={(id) => navigate({ search: (id ? { thread: id } : {}) as never })}
      />
    );
  },
});
