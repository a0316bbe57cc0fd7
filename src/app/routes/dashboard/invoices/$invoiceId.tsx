import { createFileRoute } from "@tanstack/react-router";
import { InvoicePage } from "../../../features/filing/invoices/InvoicePage";

export const Route = createFileRoute("/dashboard/invoices/$invoiceId")({
  validateSearch: (search: Record<string, unknown>): { checkout?: "success" | "cancelled" } =>
    search.checkout === "success" || search.checkout === "cancelled" ? { checkout: search.checkout } : {},
  component: function Invoice() {
    const { invoiceId } = Route.useParams();
    const { checkout } = Route.useSearch();
    return <InvoicePage key={invoiceId} invoiceId={invoiceId} checkout={checkout} />;
  },
});
