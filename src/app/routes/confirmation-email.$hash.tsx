import { createFileRoute } from "@tanstack/react-router";
import { ConfirmEmailPage } from "../features/auth/pages/EmailPages";
import { returnToSearch } from "../features/auth/return-to";

export const Route = createFileRoute("/confirmation-email/$hash")({
  validateSearch: returnToSearch,
  component: function Confirm() {
    const { hash } = Route.useParams();
    const { returnTo } = Route.useSearch();
    return <ConfirmEmailPage hash={hash} returnTo={returnTo} />;
  },
});
