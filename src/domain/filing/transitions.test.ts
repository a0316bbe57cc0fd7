import { describe, expect, it } from "vitest";
import type { FilingActor } from "./actors";
import { actorFor } from "./actors";
import { FILING_STATES, type FilingState, INFORMATION_STATES, type InformationState } from "./states";
import {
  checkTransition,
  movesFor,
  nextStates,
  type PaymentStanding,
  type TransitionInput,
} from "./transitions";

const ACTORS: FilingActor[] = ["owner", "staff", "system"];

/** The legal moves and who may take them, written out by hand (not derived from the code). */
const LEGAL: Record<string, FilingActor[]> = {
  "documents_requested>documents_received": ["owner", "staff"],
  "documents_received>in_review": ["staff"],
  "in_review>quoted": ["staff"],
  "quoted>paid": ["staff", "system"],
  "quoted>mapping": ["staff"],
  "paid>mapping": ["staff"],
  "mapping>ready_to_file": ["staff"],
  "ready_to_file>mapping": ["staff"],
  "ready_to_file>filed": ["staff"],
  "in_review>needs_information": ["staff"],
  "mapping>needs_information": ["staff"],
  "ready_to_file>needs_information": ["staff"],
};

/** Everything each move needs, so only the state and the actor decide. */
function fullContext(from: FilingState, to: FilingState): Omit<TransitionInput, "filing" | "to" | "actor"> {
  const payment: PaymentStanding = from === "quoted" && to === "mapping" ? "overridden" : "paid";
  return {
    payment,
    quoteSent: true,
    message: "Please send the 2024 rent roll",
    filed: { confirmationNumber: "RPIE-123", filedOn: "2026-05-20", filedBy: "user-1" },
    today: "2026-05-21",
  };
}

describe("filing transitions: every pair of states for every actor", () => {
  for (const from of FILING_STATES.filter((s) => s !== "needs_information")) {
    for (const to of FILING_STATES) {
      for (const actor of ACTORS) {
        const allowed = LEGAL[`${from}>${to}`];
        const expected = !allowed ? "illegal" : allowed.includes(actor) ? "ok" : "forbidden";
        it(`${from} → ${to} by ${actor}: ${expected}`, () => {
          const result = checkTransition({
            filing: { state: from, returnTo: null },
            to,
            actor,
            ...fullContext(from, to),
          });
          if (expected === "ok") {
            expect(result).toEqual({
              ok: true,
              state: to,
              returnTo: to === "needs_information" ? from : null,
            });
          } else {
            expect(result.ok).toBe(false);
            if (!result.ok) {
              expect(result.code).toBe(expected);
              expect(result.message).toMatch(expected === "illegal" ? /cannot go from/ : /^Only /);
            }
          }
        });
      }
    }
  }

  for (const returnTo of INFORMATION_STATES) {
    for (const to of FILING_STATES) {
      for (const actor of ACTORS) {
        const expected = to !== returnTo ? "illegal" : actor === "system" ? "forbidden" : "ok";
        it(`needs_information (from ${returnTo}) → ${to} by ${actor}: ${expected}`, () => {
          const result = checkTransition({
            filing: { state: "needs_information", returnTo },
            to,
            actor,
            message: "Here is the rent roll",
          });
          if (expected === "ok") expect(result).toEqual({ ok: true, state: returnTo, returnTo: null });
          else expect(result).toMatchObject({ ok: false, code: expected });
        });
      }
    }
  }
});

describe("filing transition preconditions", () => {
  const at = (state: FilingState, returnTo: InformationState | null = null) => ({ state, returnTo });

  it("explains an illegal move with the moves that exist", () => {
    const r = checkTransition({ filing: at("quoted"), to: "filed", actor: "staff" });
    expect(r).toEqual({
      ok: false,
      code: "illegal",
      message: "A filing cannot go from Quoted to Filed: from Quoted it can go to Paid or Mapping",
    });
    expect(checkTransition({ filing: at("filed"), to: "mapping", actor: "staff" })).toMatchObject({
      message: "A filing cannot go from Filed to Mapping: a filed filing is finished",
    });
    expect(
      checkTransition({
        filing: at("needs_information", "mapping"),
        to: "in_review",
        actor: "owner",
        message: "x",
      }),
    ).toMatchObject({ code: "illegal", message: expect.stringContaining("goes back to Mapping") });
    expect(checkTransition({ filing: at("needs_information"), to: "mapping", actor: "staff" })).toMatchObject(
      {
        code: "illegal",
      },
    );
  });

  it("becomes quoted only with a sent quote", () => {
    expect(checkTransition({ filing: at("in_review"), to: "quoted", actor: "staff" })).toMatchObject({
      ok: false,
      code: "blocked",
    });
  });

  it("becomes paid only when the invoice is paid", () => {
    for (const payment of ["none", "unpaid", "overridden"] as const) {
      expect(checkTransition({ filing: at("quoted"), to: "paid", actor: "system", payment })).toMatchObject({
        ok: false,
        code: "blocked",
      });
    }
  });

  it("skips payment to mapping only with a staff override", () => {
    expect(
      checkTransition({ filing: at("quoted"), to: "mapping", actor: "staff", payment: "unpaid" }),
    ).toMatchObject({ ok: false, code: "blocked", message: expect.stringContaining("override") });
    expect(
      checkTransition({ filing: at("quoted"), to: "mapping", actor: "staff", payment: "paid" }),
    ).toMatchObject({
      ok: false,
      code: "blocked",
      message: expect.stringContaining("move the filing to Paid first"),
    });
    expect(
      checkTransition({ filing: at("quoted"), to: "mapping", actor: "staff", payment: "overridden" }),
    ).toMatchObject({ ok: true, state: "mapping" });
  });

  it("an unpaid invoice blocks ready to file and filed; an override lets them through", () => {
    const filed = { confirmationNumber: "C-1", filedOn: "2026-05-01", filedBy: "u" };
    for (const payment of ["none", "unpaid"] as const) {
      expect(
        checkTransition({ filing: at("mapping"), to: "ready_to_file", actor: "staff", payment }),
      ).toMatchObject({ ok: false, code: "blocked" });
      expect(
        checkTransition({ filing: at("ready_to_file"), to: "filed", actor: "staff", payment, filed }),
      ).toMatchObject({ ok: false, code: "blocked" });
    }
    for (const payment of ["paid", "overridden"] as const) {
      expect(
        checkTransition({ filing: at("ready_to_file"), to: "filed", actor: "staff", payment, filed }),
      ).toMatchObject({ ok: true, state: "filed" });
    }
  });

  it("filed needs confirmation number, a real date not in the future, and who filed", () => {
    const base = {
      filing: at("ready_to_file"),
      to: "filed" as const,
      actor: "staff" as const,
      payment: "paid" as const,
    };
    expect(checkTransition({ ...base, filed: {} })).toEqual({
      ok: false,
      code: "incomplete",
      message: "Marking a filing filed needs the confirmation number, the filing date, who filed it",
    });
    expect(
      checkTransition({ ...base, filed: { confirmationNumber: "  ", filedOn: "2026-05-01", filedBy: "u" } }),
    ).toMatchObject({ code: "incomplete", message: expect.stringContaining("confirmation number") });
    expect(
      checkTransition({ ...base, filed: { confirmationNumber: "C", filedOn: "2026-02-30", filedBy: "u" } }),
    ).toMatchObject({ code: "incomplete", message: "The filing date must be a date (YYYY-MM-DD)" });
    expect(
      checkTransition({
        ...base,
        filed: { confirmationNumber: "C", filedOn: "2026-06-02", filedBy: "u" },
        today: "2026-06-01",
      }),
    ).toMatchObject({ code: "incomplete", message: "The filing date cannot be in the future" });
  });

  it("asking for information needs a message, and remembers where to come back", () => {
    expect(checkTransition({ filing: at("mapping"), to: "needs_information", actor: "staff" })).toMatchObject(
      {
        code: "incomplete",
      },
    );
    expect(
      checkTransition({ filing: at("mapping"), to: "needs_information", actor: "staff", message: " ? " }),
    ).toEqual({ ok: true, state: "needs_information", returnTo: "mapping" });
  });

  it("the owner's answer needs words; staff may resume without one", () => {
    const waiting = at("needs_information", "ready_to_file");
    expect(
      checkTransition({ filing: waiting, to: "ready_to_file", actor: "owner", message: "  " }),
    ).toMatchObject({
      code: "incomplete",
    });
    expect(checkTransition({ filing: waiting, to: "ready_to_file", actor: "staff" })).toMatchObject({
      ok: true,
    });
  });

  it("lists the moves from a state and those an actor may take", () => {
    expect(nextStates(at("ready_to_file"))).toEqual(["mapping", "filed", "needs_information"]);
    expect(nextStates(at("needs_information", "in_review"))).toEqual(["in_review"]);
    expect(nextStates(at("filed"))).toEqual([]);
    expect(movesFor(at("documents_requested"), "owner")).toEqual(["documents_received"]);
    expect(movesFor(at("quoted"), "owner")).toEqual([]);
    expect(movesFor(at("quoted"), "system")).toEqual(["paid"]);
  });
});

describe("actorFor", () => {
  it("staff by role, owner by membership, otherwise nobody", () => {
    expect(actorFor({ roles: ["ROLE_SUPER_ADMIN"] }, false)).toBe("staff");
    expect(actorFor({ roles: ["ROLE_USER"] }, true)).toBe("owner");
    expect(actorFor({ roles: ["ROLE_USER", "ROLE_COMPANY_ADMIN"] }, false)).toBeNull();
    expect(actorFor(null, true)).toBeNull();
  });
});
