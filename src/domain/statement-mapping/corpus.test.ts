import { describe, expect, it } from "vitest";
import {
  HELD_OUT_LABELS,
  type LabelledLine,
  MAPPING_LABELS,
  TRAIN_LABELS,
} from "../../../tests/fixtures/mapping-labels";
import { fieldById } from "./catalogue";
import { suggestFields } from "./suggest";

const YEAR = 2025;

/** Share of labels whose field is the first suggestion, and among the first three. */
function corpusScore(lines: readonly LabelledLine[]) {
  const out = suggestFields(
    "rpie",
    lines.map((l) => l.label),
    { year: YEAR },
  );
  let top1 = 0;
  let top3 = 0;
  out.forEach((row, i) => {
    const want = lines[i]?.field;
    const got = row.candidates.map((c) => c.field.id);
    if (got[0] === want) top1++;
    if (got.slice(0, 3).includes(want as string)) top3++;
  });
  return { top1: top1 / lines.length, top3: top3 / lines.length };
}

describe("suggestion quality on the labelled corpus (rpie)", () => {
  it("is a corpus of at least 300 labels with real RPIE fields and a held-out fifth", () => {
    expect(MAPPING_LABELS.length).toBeGreaterThanOrEqual(300);
    for (const l of MAPPING_LABELS) expect(fieldById(l.field, YEAR)?.form, l.label).toBe("rpie");
    expect(new Set(MAPPING_LABELS.map((l) => l.label)).size).toBe(MAPPING_LABELS.length);
    const share = HELD_OUT_LABELS.length / MAPPING_LABELS.length;
    expect(share).toBeGreaterThan(0.15);
    expect(share).toBeLessThan(0.25);
  });

  it("puts the right field first for at least 90 % and in the top three for at least 98 %", () => {
    const all = corpusScore(MAPPING_LABELS);
    expect(all.top1).toBeGreaterThanOrEqual(0.9);
    expect(all.top3).toBeGreaterThanOrEqual(0.98);
  });

  it("holds up on the held-out labels the dictionary was not tuned on", () => {
    const train = corpusScore(TRAIN_LABELS);
    const heldOut = corpusScore(HELD_OUT_LABELS);
    expect(train.top1).toBeGreaterThanOrEqual(0.9);
    expect(heldOut.top1).toBeGreaterThanOrEqual(0.9);
    expect(heldOut.top3).toBeGreaterThanOrEqual(0.95);
  });
});
