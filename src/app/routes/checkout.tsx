import { createFileRoute } from "@tanstack/react-router";
import { InvoiceCheckoutPage } from "../features/filing/invoices/CheckoutPage";
import { CheckoutPage } from "../features/public-site/pages/ConfirmationPages";

export const Route = createFileRoute("/checkout")({
  validateSearch: (
    search: Record<string, unknown>,
  ): { invoiceId?: string; status?: "success" | "cancelled" } => ({
    ...(typeof search.invoiceId === "string" && search.invoiceId ? { invoiceId: search.invoiceId } : {}),
    ...(search.status === "success" || search.status === "cancelled" ? { status: search.status } : {}),
  }),
  component: function Checkout() {
    const { invoiceId, status } = Route.useSearch();
    return invoiceId ? <InvoiceCheckoutPage invoiceId={invoiceId} status={status} /> : <CheckoutPage />;
  },
});
