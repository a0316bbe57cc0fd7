import { createFileRoute } from "@tanstack/react-router";
import { InvoicesPage } from "../../../features/filing/invoices/InvoicesPage";

export const Route = createFileRoute("/dashboard/invoices/")({
  component: InvoicesPage,
});
