import { createFileRoute } from "@tanstack/react-router";
import { ChatPage } from "../../features/chat/ChatPage";

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
