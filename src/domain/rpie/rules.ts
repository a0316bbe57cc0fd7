import { fromIso, toIso, utcDate } from "./dates";
import { nextBusinessDay } from "./holidays";
import { claimOfExclusionPenalty, rpiePenalty } from "./penalties";

/**
 * Who must file the NYC Real Property Income and Expense statement (RPIE), which form,
 * by when, and what missing it costs. Admin. Code §11-208.1 and 19 RCNY Chapter 33;
 * docs/rpie.md explains each choice.
 */

/** Actual assessed value above which a property must file. */
const FILING_THRESHOLD = 40_000;
/** Highest AAV allowed on the short form. */
const SHORT_FORM_MAX_AAV = 250_000;
/** AAV from which the rent-roll addendum is required. */
const RENT_ROLL_MIN_AAV = 750_000;
/** Largest commercial floor area a co-op may have and still be excluded. */
const COOP_COMMERCIAL_SQFT_MAX = 2_500;

export interface PropertyFacts {
  /** The year the statement is due (June 1 of this year); it reports the year before. */
  filingYear: number;
  /** Actual assessed value, whole dollars. */
  aav: number;
  /** Final actual assessed value (decides the penalty band); defaults to aav. */
  finalAav?: number;
  buildingClass?: string;
  residentialUnits: number;
  commercialUnits: number;
  commercialSqFt?: number;
  isCoop?: boolean;
  isCondoUnit?: boolean;
  ownerOccupied?: boolean;
  relatedPartyOnly?: boolean;
  fullyExempt?: boolean;
  vacant?: boolean;
  vacantLand?: boolean;
  fullYearOwned?: boolean;
  /** Consecutive years the owner already failed to file, right before this filing year. */
  consecutiveYearsNotFiled?: number;
}

export const EXCLUSIONS = [
  "residential-10-units-or-fewer",
  "mixed-use-6-residential-1-commercial",
  "coop-small-commercial",
  "residential-condo-unit",
  "related-party-rentals",
  "owner-occupied",
  "fully-exempt",
  "vacant-no-leases",
  "vacant-land",
  "not-owned-full-year",
] as const;

export type Exclusion = (typeof EXCLUSIONS)[number];

type RpieForm = "long" | "short" | "exclusion";

export interface RpieAssessment {
  mustFile: boolean;
  claimOfExclusion: boolean;
  exclusion: Exclusion | null;
  form: RpieForm | null;
  rentRollAddendum: boolean;
  deadline: string;
  penaltyIfLate: number;
  reasons: string[];
}

const EXCLUSION_REASONS: Record<Exclusion, string> = {
  "residential-10-units-or-fewer": "Exclusively residential with 10 or fewer units",
  "mixed-use-6-residential-1-commercial": "6 or fewer residential units and no more than 1 commercial unit",
  "coop-small-commercial": "Co-op with 2,500 sq ft or less of commercial space",
  "residential-condo-unit": "Individual residential condominium unit",
  "related-party-rentals": "Rented only to related parties",
  "owner-occupied": "Wholly owner-occupied (not a hotel, department store or garage)",
  "fully-exempt": "Fully exempt from real property tax",
  "vacant-no-leases": "Vacant or uninhabitable with no leases",
  "vacant-land": "Vacant land",
  "not-owned-full-year": "Not owned for the full reporting year",
};

/**
 * Building classes whose owner-occupied use still files: hotels (H*), department stores
 * (K3, "multi-story department store") and garages (G0–G9, GU, GW: garages and gas stations).
 */
function isOwnerOccupiedExceptionClass(buildingClass: string | undefined): boolean {
  const bc = (buildingClass ?? "").trim().toUpperCase();
  return bc.startsWith("H") || bc === "K3" || bc.startsWith("G");
}

const isVacantLandClass = (bc: string | undefined) => (bc ?? "").trim().toUpperCase().startsWith("V");

/** The first exclusion that applies (in the order the rules list them), or null. */
export function findExclusion(f: PropertyFacts): Exclusion | null {
  const res = f.residentialUnits;
  const com = f.commercialUnits;
  if (res >= 1 && com === 0 && res <= 10) return "residential-10-units-or-fewer";
  if (res >= 1 && res <= 6 && com <= 1) return "mixed-use-6-residential-1-commercial";
  if (
    f.isCoop &&
    (com === 0 || (f.commercialSqFt !== undefined && f.commercialSqFt <= COOP_COMMERCIAL_SQFT_MAX))
  )
    return "coop-small-commercial";
  if (f.isCondoUnit && com === 0) return "residential-condo-unit";
  if (f.relatedPartyOnly) return "related-party-rentals";
  if (f.ownerOccupied && !isOwnerOccupiedExceptionClass(f.buildingClass)) return "owner-occupied";
  if (f.fullyExempt) return "fully-exempt";
  if (f.vacant) return "vacant-no-leases";
  if (f.vacantLand || isVacantLandClass(f.buildingClass)) return "vacant-land";
  if (f.fullYearOwned === false) return "not-owned-full-year";
  return null;
}

/** June 1 of the filing year, or the next business day when that is a weekend or NY public holiday. */
export function filingDeadline(filingYear: number): string {
  return nextBusinessDay(toIso(utcDate(filingYear, 6, 1)));
}

/** The filing year whose deadline is today or still ahead (after the deadline, next year's). */
export function currentFilingYear(today: string): number {
  const year = fromIso(today).getUTCFullYear();
  return today <= filingDeadline(year) ? year : year + 1;
}

const dollars = (n: number) => `$${Math.round(n).toLocaleString("en-US")}`;

export function assessRpie(f: PropertyFacts): RpieAssessment {
  const deadline = filingDeadline(f.filingYear);
  const finalAav = f.finalAav ?? f.aav;
  const missed = f.consecutiveYearsNotFiled ?? 0;
  const reasons: string[] = [];

  if (f.aav <= FILING_THRESHOLD) {
    reasons.push(
      `Actual assessed value ${dollars(f.aav)} is not over ${dollars(FILING_THRESHOLD)}: no RPIE filing is required`,
    );
    return {
      mustFile: false,
      claimOfExclusion: false,
      exclusion: null,
      form: null,
      rentRollAddendum: false,
      deadline,
      penaltyIfLate: 0,
      reasons,
    };
  }
  reasons.push(`Actual assessed value ${dollars(f.aav)} is over ${dollars(FILING_THRESHOLD)}`);

  const exclusion = findExclusion(f);
  if (exclusion) {
    const penalty = claimOfExclusionPenalty(missed);
    reasons.push(`Excluded: ${EXCLUSION_REASONS[exclusion]}`);
    reasons.push(`File a Claim of Exclusion by ${deadline}; missing it costs up to ${dollars(penalty)}`);
    return {
      mustFile: false,
      claimOfExclusion: true,
      exclusion,
      form: "exclusion",
      rentRollAddendum: false,
      deadline,
      penaltyIfLate: penalty,
      reasons,
    };
  }

  if (f.ownerOccupied && isOwnerOccupiedExceptionClass(f.buildingClass)) {
    reasons.push("Owner-occupied hotels, department stores and garages still file");
  }
  if (f.isCoop && f.commercialUnits > 0 && f.commercialSqFt === undefined) {
    reasons.push(
      "Co-op with commercial units: enter the commercial square footage to check the co-op exclusion",
    );
  }
  const form: RpieForm = f.aav <= SHORT_FORM_MAX_AAV ? "short" : "long";
  reasons.push(
    form === "short"
      ? `The short form is allowed: AAV is ${dollars(SHORT_FORM_MAX_AAV)} or less`
      : `The full form is required: AAV is over ${dollars(SHORT_FORM_MAX_AAV)}`,
  );
  const rentRollAddendum = f.aav >= RENT_ROLL_MIN_AAV;
  if (rentRollAddendum) reasons.push(`A rent roll is required: AAV is ${dollars(RENT_ROLL_MIN_AAV)} or more`);
  const penaltyIfLate = rpiePenalty(finalAav, missed);
  reasons.push(
    missed + 1 >= 3
      ? `Missing ${deadline} would be the third consecutive year: the penalty is 5% of the final AAV, ${dollars(penaltyIfLate)}`
      : `Missing ${deadline} costs ${dollars(penaltyIfLate)} (final AAV ${dollars(finalAav)})`,
  );
  return {
    mustFile: true,
    claimOfExclusion: false,
    exclusion: null,
    form,
    rentRollAddendum,
    deadline,
    penaltyIfLate,
    reasons,
  };
}
