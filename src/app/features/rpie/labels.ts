import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { BblErrorPart } from "../../../domain/properties/bbl";
import type { Exclusion } from "../../../domain/rpie/rules";

/** Each RPIE exclusion in words (shared by the checker and the properties page). */
export const EXCLUSION_LABELS: Record<Exclusion, MessageDescriptor> = {
  "residential-10-units-or-fewer": msg`Exclusively residential with 10 or fewer units`,
  "mixed-use-6-residential-1-commercial": msg`6 or fewer residential units and at most 1 commercial unit`,
  "coop-small-commercial": msg`Co-op with 2,500 sq ft or less of commercial space`,
  "residential-condo-unit": msg`Individual residential condominium unit`,
  "related-party-rentals": msg`Rented only to related parties`,
  "owner-occupied": msg`Wholly owner-occupied (not a hotel, department store or garage)`,
  "fully-exempt": msg`Fully exempt from real property tax`,
  "vacant-no-leases": msg`Vacant or uninhabitable with no leases`,
  "vacant-land": msg`Vacant land`,
  "not-owned-full-year": msg`Not owned for the full reporting year`,
};

export const BBL_ERROR_LABELS: Record<BblErrorPart, MessageDescriptor> = {
  format: msg`Enter a BBL as 10 digits (1011190036) or as borough, block and lot (1-01119-0036)`,
  borough: msg`Borough must be 1–5 (Manhattan, Bronx, Brooklyn, Queens, Staten Island)`,
  block: msg`Block must be 1–99999`,
  lot: msg`Lot must be 1–9999`,
};
