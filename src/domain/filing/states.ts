/**
 * A filing: one property, one year, one kind of work (an RPIE statement or a penalty-removal
 * request), moving through the states below. See docs/filing.md.
 */
export const FILING_STATES = [
  "documents_requested",
  "documents_received",
  "in_review",
  "quoted",
  "paid",
  "mapping",
  "ready_to_file",
  "filed",
  "needs_information",
] as const;
export type FilingState = (typeof FILING_STATES)[number];

/** The main line, in order (needs_information is a side trip from some of them). */
export const PIPELINE: readonly FilingState[] = FILING_STATES.filter((s) => s !== "needs_information");

/** States a filing may be sent from to needs_information, and returns to when the owner answers. */
export const INFORMATION_STATES = [
  "in_review",
  "mapping",
  "ready_to_file",
] as const satisfies readonly FilingState[];
export type InformationState = (typeof INFORMATION_STATES)[number];

export const FILING_KINDS = ["rpie", "penalty_removal"] as const;
export type FilingKind = (typeof FILING_KINDS)[number];

export const FILING_STATE_LABELS: Record<FilingState, string> = {
  documents_requested: "Documents requested",
  documents_received: "Documents received",
  in_review: "In review",
  quoted: "Quoted",
  paid: "Paid",
  mapping: "Mapping",
  ready_to_file: "Ready to file",
  filed: "Filed",
  needs_information: "Needs information",
};

export const FILING_KIND_LABELS: Record<FilingKind, string> = {
  rpie: "RPIE statement",
  penalty_removal: "Penalty removal",
};

export const isInformationState = (v: unknown): v is InformationState =>
  typeof v === "string" && (INFORMATION_STATES as readonly string[]).includes(v);
