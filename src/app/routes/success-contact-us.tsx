import { createFileRoute } from "@tanstack/react-router";
import { SuccessContactPage } from "../features/public-site/pages/ConfirmationPages";

export const Route = createFileRoute("/success-contact-us")({
  component: SuccessContactPage,
});
