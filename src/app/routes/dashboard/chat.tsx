import { createFileRoute } from "@tanstack/react-router";
import { lazy } from "react";

// The page loads when the route renders, so the route table at start carries a short preload list (landing budget).
const ChatPage = lazy(() => import("../../features/chat/ChatPage").then((m) => ({ default: m.ChatPage })));

/** /dashboard/chat?thread=<id>: the company's conversations with the staff (docs/chat.md). */
export const Route = createFileRoute("/dashboard/chat")({
  component: function Page() {
    const navigate = Route.useNavigate();
    // No validateSearch: it would load with the landing page (size budget); the page reads ?thread itself.
    const thread = (Route.useSearch() as { thread?: unknown }).thread;
    return (
      <ChatPage
        threadId={typeof thread === "string" ? thread : null}
        onOpen={(id) => navigate({ search: (id ? { thread: id } : {}) as never })}
      />
    );
  },
});
