import { useLingui } from "@lingui/react/macro";
import { Badge } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { filingQueries } from "./filing-api";
import { STATE_COLORS, STATE_LABELS } from "./labels";

/** This year's RPIE filing of a property as a badge linking to the Filings page (nothing when none). */
export function FilingBadge({ propertyId }: { propertyId: string }) {
  const { t, i18n } = useLingui();
  const year = new Date().getFullYear();
  // The same query as the Filings page: one request for the whole property list.
  const filings = useQuery(filingQueries.list(year));
  const filing = filings.data?.find((f) => f.propertyId === propertyId && f.kind === "rpie");
  if (!filing) return null;
  const state = i18n._(STATE_LABELS[filing.state]);
  return (
    <Badge
      color={STATE_COLORS[filing.state]}
      variant="light"
      mt={4}
      style={{ cursor: "pointer" }}
      aria-label={t`${year} filing: ${state}`}
      data-testid="property-filing-badge"
      renderRoot={(props) => <Link {...props} to="/dashboard/filings" />}
    >
      {year}: {state}
    </Badge>
  );
}
