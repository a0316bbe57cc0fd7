import { describe, expect, it } from "vitest";
import { deriveTimeline } from "./timeline";

const ev = (toState: string, createdAt: string) => ({ toState, createdAt });

describe("deriveTimeline", () => {
  it("starts at documents requested with everything else to come", () => {
    const t = deriveTimeline({
      state: "documents_requested",
      returnTo: null,
      events: [ev("documents_requested", "2026-01-01T10:00:00Z")],
    });
    expect(t.active).toBe(0);
    expect(t.needsInformation).toBe(false);
    expect(t.steps.map((s) => s.status)).toEqual([
      "current",
      "upcoming",
      "upcoming",
      "upcoming",
      "upcoming",
      "upcoming",
      "upcoming",
      "upcoming",
    ]);
    expect(t.steps[0]?.at).toBe("2026-01-01T10:00:00Z");
  });

  it("marks states passed without an event as skipped (penalty removal, override)", () => {
    const t = deriveTimeline({
      state: "mapping",
      returnTo: null,
      events: [
        ev("documents_received", "2026-01-01T00:00:00Z"),
        ev("in_review", "2026-01-02T00:00:00Z"),
        ev("quoted", "2026-01-03T00:00:00Z"),
        ev("mapping", "2026-01-04T00:00:00Z"),
      ],
    });
    expect(t.steps.map((s) => [s.state, s.status])).toEqual([
      ["documents_requested", "skipped"],
      ["documents_received", "done"],
      ["in_review", "done"],
      ["quoted", "done"],
      ["paid", "skipped"],
      ["mapping", "current"],
      ["ready_to_file", "upcoming"],
      ["filed", "upcoming"],
    ]);
  });

  it("keeps the step a filing will return to current while it needs information", () => {
    const t = deriveTimeline({
      state: "needs_information",
      returnTo: "in_review",
      events: [
        ev("documents_requested", "2026-01-01T00:00:00Z"),
        ev("documents_received", "2026-01-02T00:00:00Z"),
        ev("in_review", "2026-01-03T00:00:00Z"),
        ev("needs_information", "2026-01-04T00:00:00Z"),
      ],
    });
    expect(t.needsInformation).toBe(true);
    expect(t.active).toBe(2);
    expect(t.steps[2]?.status).toBe("current");
  });

  it("shows a filed filing as done to the end, with the latest date of a state reached twice", () => {
    const t = deriveTimeline({
      state: "filed",
      returnTo: null,
      events: [
        ev("documents_requested", "2026-01-01T00:00:00Z"),
        ev("documents_received", "2026-01-02T00:00:00Z"),
        ev("in_review", "2026-01-03T00:00:00Z"),
        ev("quoted", "2026-01-04T00:00:00Z"),
        ev("paid", "2026-01-05T00:00:00Z"),
        ev("mapping", "2026-01-06T00:00:00Z"),
        ev("ready_to_file", "2026-01-07T00:00:00Z"),
        ev("mapping", "2026-01-08T00:00:00Z"),
        ev("ready_to_file", "2026-01-09T00:00:00Z"),
        ev("filed", "2026-01-10T00:00:00Z"),
      ],
    });
    expect(t.active).toBe(7);
    expect(t.steps.every((s) => s.status === "done")).toBe(true);
    expect(t.steps[5]?.at).toBe("2026-01-08T00:00:00Z");
  });
});
