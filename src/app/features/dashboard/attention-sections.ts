/**
 * Which parts of the dashboard home show (docs/dashboard.md): a section for each area the company
 * uses (RPIE filings, inventory), and in it only the cards with something waiting. Nothing
 * waiting anywhere → no section, and the page says so.
 */
import type { Attention } from "../../../domain/dashboard/attention";

export type AttentionCardKey =
  | "deadlines"
  | "files"
  | "quotes"
  | "invoices"
  | "toDescribe"
  | "listingErrors"
  | "notifications"
  | "unsynced";

export type AttentionSectionKey = "rpie" | "inventory" | "messages";

export interface AttentionSection {
  key: AttentionSectionKey;
  cards: { key: AttentionCardKey; count: number }[];
}

/** Writes on this device the server has not taken yet (the outbox), or null when unknown. */
export interface DeviceOutbox {
  waiting: number;
  rejected: number;
  conflicts: number;
}

const waitingCards = (cards: AttentionSection["cards"]) => cards.filter((c) => c.count > 0);

export function attentionSections(a: Attention, outbox: DeviceOutbox | null): AttentionSection[] {
  const sections: AttentionSection[] = [];
  if (a.areas.rpie) {
    sections.push({
      key: "rpie",
      cards: waitingCards([
        { key: "deadlines", count: a.rpie.deadlines.count },
        { key: "files", count: a.rpie.files.count },
        { key: "quotes", count: a.rpie.quotes.count },
        { key: "invoices", count: a.rpie.invoices.count },
      ]),
    });
  }
  if (a.areas.inventory) {
    sections.push({
      key: "inventory",
      cards: waitingCards([
        { key: "toDescribe", count: a.inventory.toDescribe.count },
        { key: "listingErrors", count: a.inventory.listingErrors.count },
      ]),
    });
  }
  const unsynced = outbox ? outbox.waiting + outbox.rejected + outbox.conflicts : 0;
  sections.push({
    key: "messages",
    cards: waitingCards([
      { key: "notifications", count: a.notifications.unread },
      { key: "unsynced", count: unsynced },
    ]),
  });
  return sections.filter((s) => s.cards.length > 0);
}
