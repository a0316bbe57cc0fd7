import { createFileRoute } from "@tanstack/react-router";
import { ResendConfirmationPage } from "../features/auth/pages/EmailPages";
import { returnToSearch } from "../features/auth/return-to";

export const Route = createFileRoute("/resend-confirmation-email/$hash")({
  validateSearch: returnToSearch,
  component: function Resend() {
    const { hash } = Route.useParams();
    const { returnTo } = Route.useSearch();
    return <ResendConfirmationPage hash={hash} returnTo={returnTo} />;
  },
});
