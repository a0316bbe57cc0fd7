import { createFileRoute } from "@tanstack/react-router";
import { InvitationPage } from "../features/company/InvitationPage";

export const Route = createFileRoute("/invitation/$hash")({
  component: function Invitation() {
    const { hash } = Route.useParams();
    return <InvitationPage hash={hash} />;
  },
});
