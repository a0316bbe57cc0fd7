/**
 * The guided sequence of listing photos (issue 7, "Describe and list"): which shots, in what
 * order, each with its example picture under /images/guided/ (spec section 3 names the path).
 * The words are in GuidedShots.tsx (Lingui); the order and the step arithmetic are here.
 */

export const GUIDED_SHOT_IDS = [
  "front",
  "back",
  "left",
  "right",
  "label",
  "defects",
  "measurements",
] as const;
export type GuidedShotId = (typeof GUIDED_SHOT_IDS)[number];

export const guidedImage = (id: GuidedShotId) => `/images/guided/${id}.svg`;

/** A step index kept within the sequence. */
export const clampStep = (step: number) =>
  Number.isFinite(step) ? Math.min(GUIDED_SHOT_IDS.length - 1, Math.max(0, Math.trunc(step))) : 0;

/** A horizontal swipe (px) long enough, and more sideways than up or down, to turn the step. */
export function swipeDirection(dx: number, dy: number, min = 50): "next" | "previous" | null {
  if (Math.abs(dx) < min || Math.abs(dx) < Math.abs(dy) * 1.5) return null;
  return dx < 0 ? "next" : "previous";
}
