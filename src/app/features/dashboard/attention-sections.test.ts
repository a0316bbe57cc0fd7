import { describe, expect, it } from "vitest";
import type { Attention } from "../../../domain/dashboard/attention";
import { attentionSections } from "./attention-sections";

const none = { count: 0, top: [] };

function attention(patch: Partial<Attention> = {}): Attention {
  return {
    areas: { rpie: true, inventory: true },
    rpie: { deadlines: { ...none, penaltyAtRisk: 0 }, files: none, quotes: none, invoices: none },
    inventory: { toDescribe: none, listingErrors: none },
    notifications: { unread: 0 },
    ...patch,
  };
}

const keys = (a: Attention, outbox = { waiting: 0, rejected: 0, conflicts: 0 }) =>
  attentionSections(a, outbox).map((s) => [s.key, s.cards.map((c) => c.key)]);

describe("attentionSections", () => {
  it("shows nothing when nothing waits, whatever areas the company uses", () => {
    expect(keys(attention())).toEqual([]);
  });

  it("shows only the cards with something waiting, in the company's areas", () => {
    const a = attention({
      rpie: {
        deadlines: { count: 2, penaltyAtRisk: 8000, top: [] },
        files: none,
        quotes: { count: 1, top: [] },
        invoices: none,
      },
      inventory: { toDescribe: { count: 4, top: [] }, listingErrors: none },
      notifications: { unread: 3 },
    });
    expect(keys(a)).toEqual([
      ["rpie", ["deadlines", "quotes"]],
      ["inventory", ["toDescribe"]],
      ["messages", ["notifications"]],
    ]);
  });

  it("leaves out an area the company does not use (a seller sees no RPIE section)", () => {
    const a = attention({
      areas: { rpie: false, inventory: true },
      rpie: {
        deadlines: { count: 1, penaltyAtRisk: 300, top: [] },
        files: none,
        quotes: none,
        invoices: none,
      },
      inventory: { toDescribe: { count: 1, top: [] }, listingErrors: none },
    });
    expect(keys(a)).toEqual([["inventory", ["toDescribe"]]]);
  });

  it("counts this device's unsent, refused and conflicting writes as one card", () => {
    const sections = attentionSections(attention(), { waiting: 2, rejected: 1, conflicts: 1 });
    expect(sections).toEqual([{ key: "messages", cards: [{ key: "unsynced", count: 4 }] }]);
  });
});
