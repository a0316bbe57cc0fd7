/** An item's eBay listing on the Listing page: its state, the link to eBay, and eBay's reason when it was refused. */
import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Badge, Stack, Text } from "@mantine/core";
import { IconExternalLink } from "@tabler/icons-react";
import type { EbayListing } from "../../../domain/ebay/contract";

const COLORS: Record<EbayListing["state"], string> = {
  pending: "blue",
  published: "teal",
  withdrawn: "gray",
  deleted: "gray",
  failed: "red",
  unlisted: "gray",
};

export function EbayListingCell({ listing, queued }: { listing: EbayListing | undefined; queued: boolean }) {
  const { t } = useLingui();
  if (queued) {
    return (
      <Badge color="blue" variant="outline" size="sm" data-testid="ebay-listing-state">
        <Trans>Waiting to send</Trans>
      </Badge>
    );
  }
  if (!listing)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  const label: Record<EbayListing["state"], string> = {
    pending: t`Sending to eBay`,
    published: t`On eBay`,
    withdrawn: t`Withdrawn`,
    deleted: t`Deleted from eBay`,
    failed: t`Refused by eBay`,
    unlisted: t`Not on eBay`,
  };
  return (
    <Stack gap={2}>
      <Badge color={COLORS[listing.state]} variant="light" size="sm" data-testid="ebay-listing-state">
        {label[listing.state]}
      </Badge>
      {listing.listingUrl && listing.state === "published" && (
        <Anchor
          href={listing.listingUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="ebay-listing-link"
        >
          <Trans>View on eBay</Trans> <IconExternalLink size={12} aria-hidden />
        </Anchor>
      )}
      {listing.error && listing.state === "failed" && (
        <Text size="xs" c="red" data-testid="ebay-listing-error">
          {listing.error}
        </Text>
      )}
    </Stack>
  );
}
