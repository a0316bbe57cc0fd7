import { createFileRoute } from "@tanstack/react-router";
import { filingQueries } from "../../../features/filing/filing-api";
import { InvoicePage } from "../../../features/filing/invoices/InvoicePage";
import { preloadQuery } from "../../../lib/preload-query";

export const Route = createFileRoute("/dashboard/invoices/$invoiceId")({
  loader: ({ params }) => preloadQuery(filingQueries.invoice(params.invoiceId)),
  validateSearch: (search: Record<string, unknown>): { checkout?: "success" | "cancelled" } =>
    search.checkout === "success" || search.checkout === "cancelled" ? { checkout: search.checkout } : {},
  component: function Invoice() {
    const { invoiceId } = Route.useParams();
    const { checkout } = Route.useSearch();
    return <InvoicePage key={invoiceId} invoiceId={invoiceId} checkout={checkout} />;
  },
});
