import { createFileRoute } from "@tanstack/react-router";
import { CheckoutPage } from "../features/public-site/pages/ConfirmationPages";

export const Route = createFileRoute("/checkout")({
  component: CheckoutPage,
});
