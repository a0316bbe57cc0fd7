import { createFileRoute } from "@tanstack/react-router";
import { EcommercePage } from "../../features/commerce/EcommercePage";

/** /dashboard/ecommerce: the company's sales overview (docs/commerce.md). */
export const Route = createFileRoute("/dashboard/ecommerce")({
  component: EcommercePage,
});
