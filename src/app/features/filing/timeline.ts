/**
 * The owner's timeline as data: the main line of states (docs/filing.md) with what is done,
 * skipped (a penalty-removal request starts at documents received; an overridden invoice goes
 * from quoted to mapping without paid), current and still to come. Pure, for tests.
 */
import { type FilingState, isInformationState, PIPELINE } from "../../../domain/filing";

type StepStatus = "done" | "skipped" | "current" | "upcoming";

interface TimelineStep {
  state: FilingState;
  status: StepStatus;
  /** When the filing last reached this state (its event), if it did. */
  at: string | null;
}

export interface TimelineInput {
  state: FilingState;
  returnTo: string | null;
  events: readonly { toState: string | null; createdAt: string }[];
}

export interface Timeline {
  steps: TimelineStep[];
  /** Index of the current step (for a filed filing: the last one). */
  active: number;
  /** Waiting for the owner's answer; the current step is where it will return. */
  needsInformation: boolean;
}

export function deriveTimeline(f: TimelineInput): Timeline {
  const needsInformation = f.state === "needs_information";
  const where: FilingState = needsInformation
    ? isInformationState(f.returnTo)
      ? f.returnTo
      : "in_review"
    : f.state;
  const active = Math.max(0, PIPELINE.indexOf(where));
  const reached = new Map<string, string>();
  for (const e of f.events) {
    if (!e.toState) continue;
    const prev = reached.get(e.toState);
    if (!prev || prev < e.createdAt) reached.set(e.toState, e.createdAt);
  }
  const filed = f.state === "filed";
  const steps = PIPELINE.map((state, i): TimelineStep => {
    const at = reached.get(state) ?? null;
    let status: StepStatus;
    if (i < active) status = at ? "done" : "skipped";
    else if (i === active) status = filed ? "done" : "current";
    else status = "upcoming";
    return { state, status, at: i <= active ? at : null };
  });
  return { steps, active, needsInformation };
}
