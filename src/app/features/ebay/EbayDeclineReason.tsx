/** Why `/auth-declined` was reached from eBay's consent page (the callback's `reason`). */
import { Trans } from "@lingui/react/macro";
import type { EbayDeclineReason as Reason } from "../../../domain/ebay/decline-reasons";

export function EbayDeclineReason({ reason }: { reason: Reason }) {
  switch (reason) {
    case "declined":
      return <Trans>You declined access on eBay's page, so Blocklot cannot list for you.</Trans>;
    case "state":
      return (
        <Trans>
          This eBay sign-in link was already used, has expired (after 10 minutes) or was not started by you.
          Start again with Connect eBay on the Listing page.
        </Trans>
      );
    case "exchange":
      return (
        <Trans>eBay did not accept the sign-in. Start again with Connect eBay on the Listing page.</Trans>
      );
    case "not-configured":
      return <Trans>eBay is not configured on this server yet.</Trans>;
  }
}
