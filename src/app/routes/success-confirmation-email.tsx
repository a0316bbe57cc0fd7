import { createFileRoute } from "@tanstack/react-router";
import { SuccessConfirmationPage } from "../features/auth/pages/EmailPages";

export const Route = createFileRoute("/success-confirmation-email")({
  component: SuccessConfirmationPage,
});
