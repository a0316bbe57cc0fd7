import type { FilingActor } from "./actors";
import {
  FILING_STATE_LABELS,
  type FilingState,
  INFORMATION_STATES,
  type InformationState,
  isInformationState,
} from "./states";

/**
 * Where the filing's money stands: no invoice yet, an unpaid invoice, a paid one, or an
 * unpaid one staff let through with a recorded reason ("overridden").
 */
export type PaymentStanding = "none" | "unpaid" | "paid" | "overridden";

/** What a transition must have before it is allowed. */
type Requirement = "sent-quote" | "paid" | "override" | "settled" | "filed-details" | "message";

interface Rule {
  from: FilingState;
  to: FilingState;
  actors: readonly FilingActor[];
  requires: readonly Requirement[];
}

const rule = (
  from: FilingState,
  to: FilingState,
  actors: readonly FilingActor[],
  requires: readonly Requirement[] = [],
): Rule => ({ from, to, actors, requires });

/**
 * Every legal move. needs_information → back is not listed: it always returns to the state
 * it came from (see returnTo), for the owner (answering, with a message) or staff.
 */
const TRANSITIONS: readonly Rule[] = [
  rule("documents_requested", "documents_received", ["owner", "staff"]),
  rule("documents_received", "in_review", ["staff"]),
  rule("in_review", "quoted", ["staff"], ["sent-quote"]),
  rule("quoted", "paid", ["staff", "system"], ["paid"]),
  // Staff let an unpaid filing go ahead: only with the override (and its reason) recorded.
  rule("quoted", "mapping", ["staff"], ["override"]),
  rule("paid", "mapping", ["staff"]),
  rule("mapping", "ready_to_file", ["staff"], ["settled"]),
  rule("ready_to_file", "mapping", ["staff"]),
  rule("ready_to_file", "filed", ["staff"], ["settled", "filed-details"]),
  ...INFORMATION_STATES.map((s) => rule(s, "needs_information", ["staff"], ["message"])),
];

export interface FilingPosition {
  state: FilingState;
  /** Set while in needs_information: where the filing goes back to. */
  returnTo: InformationState | null;
}

export interface TransitionInput {
  filing: FilingPosition;
  to: FilingState;
  actor: FilingActor;
  payment?: PaymentStanding;
  /** A quote has been sent to the owner (needed to become "quoted"). */
  quoteSent?: boolean;
  /** The note to the owner (to needs_information) or the owner's answer (back from it). */
  message?: string | null;
  /** Needed to become "filed". */
  filed?: { confirmationNumber?: string | null; filedOn?: string | null; filedBy?: string | null };
  /** Today (YYYY-MM-DD); a filing date after it is refused. */
  today?: string;
}

type TransitionRefusal = {
  ok: false;
  /** illegal: no such move (409) · forbidden: not this actor's move (403) · blocked: unpaid (409) · incomplete: details missing (400). */
  code: "illegal" | "forbidden" | "blocked" | "incomplete";
  message: string;
};
export type TransitionResult =
  | { ok: true; state: FilingState; returnTo: InformationState | null }
  | TransitionRefusal;

const label = (s: FilingState) => FILING_STATE_LABELS[s];
const ACTOR_WORDS: Record<FilingActor, string> = {
  owner: "the owner",
  staff: "staff",
  system: "a confirmed payment",
};

/** The moves that exist from a position, whoever may take them. */
export function nextStates(filing: FilingPosition): FilingState[] {
  if (filing.state === "needs_information") return filing.returnTo ? [filing.returnTo] : [];
  return TRANSITIONS.filter((r) => r.from === filing.state).map((r) => r.to);
}

/** The moves an actor may take from a position (preconditions not checked). */
export function movesFor(filing: FilingPosition, actor: FilingActor): FilingState[] {
  return nextStates(filing).filter((to) => findRule(filing, to)?.actors.includes(actor));
}

function findRule(filing: FilingPosition, to: FilingState): Rule | null {
  if (filing.state === "needs_information") {
    return filing.returnTo && to === filing.returnTo
      ? rule("needs_information", to, ["owner", "staff"], [])
      : null;
  }
  return TRANSITIONS.find((r) => r.from === filing.state && r.to === to) ?? null;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
function isRealDate(iso: string): boolean {
  if (!ISO_DATE.test(iso)) return false;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso;
}

function blockedByPayment(payment: PaymentStanding, to: FilingState): TransitionRefusal | null {
  if (payment === "paid" || payment === "overridden") return null;
  return {
    ok: false,
    code: "blocked",
    message:
      payment === "none"
        ? `This filing has no invoice yet (the quote was not accepted), so it cannot go to ${label(to)}`
        : `The invoice is unpaid: record the payment, or override it with a reason, before moving the filing to ${label(to)}`,
  };
}

/**
 * Decides one move. Checks, in order: the move exists from this state; this actor may take
 * it; its preconditions hold (a sent quote, payment or an override, filing details, a message).
 */
export function checkTransition(input: TransitionInput): TransitionResult {
  const { filing, to, actor } = input;
  const payment = input.payment ?? "none";
  const found = findRule(filing, to);
  if (!found) {
    const options = nextStates(filing);
    const hint =
      filing.state === "filed"
        ? "a filed filing is finished"
        : filing.state === "needs_information"
          ? filing.returnTo
            ? `it goes back to ${label(filing.returnTo)} when the owner answers`
            : "it has nowhere to go back to"
          : `from ${label(filing.state)} it can go to ${options.map(label).join(" or ")}`;
    return {
      ok: false,
      code: "illegal",
      message: `A filing cannot go from ${label(filing.state)} to ${label(to)}: ${hint}`,
    };
  }
  if (!found.actors.includes(actor)) {
    const who = found.actors.map((a) => ACTOR_WORDS[a]).join(" or ");
    return {
      ok: false,
      code: "forbidden",
      message: `Only ${who} can move a filing from ${label(filing.state)} to ${label(to)}`,
    };
  }
  const message = input.message?.trim() ?? "";
  for (const need of found.requires) {
    switch (need) {
      case "sent-quote":
        if (!input.quoteSent) {
          return {
            ok: false,
            code: "blocked",
            message: "A filing becomes Quoted when its quote is sent: price the quote and send it",
          };
        }
        break;
      case "paid":
        if (payment !== "paid") {
          return {
            ok: false,
            code: "blocked",
            message: "The invoice is not paid yet: a filing becomes Paid when its payment is recorded",
          };
        }
        break;
      case "override":
        if (payment !== "overridden") {
          return {
            ok: false,
            code: "blocked",
            message:
              payment === "paid"
                ? "The invoice is paid: move the filing to Paid first, then to Mapping"
                : "The invoice is unpaid: a filing goes to Mapping before payment only when staff override it with a reason",
          };
        }
        break;
      case "settled": {
        const refusal = blockedByPayment(payment, to);
        if (refusal) return refusal;
        break;
      }
      case "filed-details": {
        const f = input.filed ?? {};
        const missing = [
          !f.confirmationNumber?.trim() && "the confirmation number",
          !f.filedOn && "the filing date",
          !f.filedBy && "who filed it",
        ].filter(Boolean);
        if (missing.length) {
          return {
            ok: false,
            code: "incomplete",
            message: `Marking a filing filed needs ${missing.join(", ")}`,
          };
        }
        if (!isRealDate(f.filedOn as string)) {
          return { ok: false, code: "incomplete", message: "The filing date must be a date (YYYY-MM-DD)" };
        }
        if (input.today && (f.filedOn as string) > input.today) {
          return { ok: false, code: "incomplete", message: "The filing date cannot be in the future" };
        }
        break;
      }
      case "message":
        if (!message) {
          return {
            ok: false,
            code: "incomplete",
            message: "Say what information is needed: the message goes to the owner",
          };
        }
        break;
    }
  }
  if (filing.state === "needs_information" && actor === "owner" && !message) {
    return { ok: false, code: "incomplete", message: "Write an answer to the question before sending it" };
  }
  if (to === "needs_information") {
    return { ok: true, state: to, returnTo: isInformationState(filing.state) ? filing.state : null };
  }
  return { ok: true, state: to, returnTo: null };
}
