import { createFileRoute } from "@tanstack/react-router";
import { ResendConfirmationPage } from "../features/auth/pages/EmailPages";

export const Route = createFileRoute("/resend-confirmation-email/$hash")({
  component: function Resend() {
    const { hash } = Route.useParams();
    return <ResendConfirmationPage hash={hash} />;
  },
});
