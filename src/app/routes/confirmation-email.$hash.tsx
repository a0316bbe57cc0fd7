import { createFileRoute } from "@tanstack/react-router";
import { ConfirmEmailPage } from "../features/auth/pages/EmailPages";

export const Route = createFileRoute("/confirmation-email/$hash")({
  component: function Confirm() {
    const { hash } = Route.useParams();
    return <ConfirmEmailPage hash={hash} />;
  },
});
