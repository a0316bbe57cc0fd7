import { createFileRoute } from "@tanstack/react-router";
import { CryptoPage } from "../../features/samples/CryptoPage";

/** /dashboard/crypto: a template page on sample data (docs/samples.md). */
export const Route = createFileRoute("/dashboard/crypto")({
  component: CryptoPage,
});
