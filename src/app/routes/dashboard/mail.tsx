import { createFileRoute } from "@tanstack/react-router";
import { MailPage, type MailSearch } from "../../features/mail/MailPage";

const ID = /^[0-9a-f-]{36}$/i;
const LABEL = /^([a-z]{1,20}|[0-9a-f-]{36})$/i;

export const Route = createFileRoute("/dashboard/mail")({
  // ?label=inbox|sent|…|<own label id> chooses the label; ?thread=<id> opens a conversation
  // (the spec names one route, /dashboard/mail: the label and the thread are its search).
  validateSearch: (search: Record<string, unknown>): MailSearch => ({
    ...(typeof search.label === "string" && LABEL.test(search.label) ? { label: search.label } : {}),
    ...(typeof search.thread === "string" && ID.test(search.thread) ? { thread: search.thread } : {}),
  }),
  component: function Mail() {
    return <MailPage search={Route.useSearch()} />;
  },
});
