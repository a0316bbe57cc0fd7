import { createFileRoute } from "@tanstack/react-router";
import { EBAY_DECLINE_REASONS, type EbayDeclineReason as Reason } from "../../domain/ebay/decline-reasons";
import { AuthResultPage } from "../features/auth/pages/EmailPages";
import { EbayDeclineReason } from "../features/ebay/EbayDeclineReason";

const isReason = (v: unknown): v is Reason => (EBAY_DECLINE_REASONS as readonly unknown[]).includes(v);

export const Route = createFileRoute("/auth-declined")({
  validateSearch: (search: Record<string, unknown>): { provider?: "ebay"; reason?: Reason } => ({
    ...(search.provider === "ebay" ? { provider: "ebay" as const } : {}),
    ...(isReason(search.reason) ? { reason: search.reason } : {}),
  }),
  component: function AuthDeclined() {
    const { provider, reason } = Route.useSearch();
    return (
      <AuthResultPage
        ok={false}
        detail={provider === "ebay" && reason ? <EbayDeclineReason reason={reason} /> : undefined}
      />
    );
  },
});
