import { I18nProvider } from "@lingui/react";
import { MantineProvider } from "@mantine/core";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Item } from "../../../../domain/inventory/item";
import { i18n } from "../../../i18n/i18n";
import { type LatestScan, resultItem } from "./result-item";
import { ScanResultCard } from "./ScanResultCard";
import { scannedItemFields } from "./scan-logic";
import type { ScanEntry } from "./scan-session";

i18n.loadAndActivate({ locale: "en", messages: {} });

function item(id: string, title: string, quantity: number, location: string): Item {
  return {
    ...scannedItemFields("X", { title, description: "d" }),
    id,
    companyId: "c1",
    version: 1,
    quantity,
    location,
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
  };
}
const entry = (id: number, it: Item): ScanEntry => ({
  id,
  at: 0,
  code: it.sku,
  source: "camera",
  itemId: it.id,
  title: it.title,
  action: "counted",
  quantity: it.quantity,
  undone: false,
});

const old = item("old", "Old blue mug", 7, "Shelf A1");
const fresh = item("new", "New red lamp", 2, "Bin C3");

/** The card as the page renders it, from the latest scan and the live row of its item. */
function card(latest: LatestScan, live: Item | undefined) {
  const shown = resultItem(latest, live);
  const e = latest.status === "done" ? latest.entry : null;
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <MantineProvider>
        <ScanResultCard
          latest={latest}
          item={shown}
          entry={e}
          showOpenLink={false}
          actionLabel={() => "Counted +1"}
          openItem={() => {}}
        />
      </MantineProvider>
    </I18nProvider>,
  );
}

describe("the scan result card", () => {
  it("shows the new code at once and none of the previous item's fields while its lookup runs", () => {
    // the live query still holds the previous scan's row when the next code is read
    const html = card({ mark: "scan:2", code: "NEW-CODE-42", status: "looking" }, old);
    expect(html).toContain("Code NEW-CODE-42");
    expect(html).toContain("Looking up…");
    expect(html).toContain('data-item=""');
    for (const field of ["Old blue mug", "Quantity 7", "Shelf A1"]) expect(html).not.toContain(field);
  });

  it("shows the new item when its lookup finishes, even before the live row catches up", () => {
    const latest: LatestScan = {
      mark: "scan:2",
      code: "NEW-CODE-42",
      status: "done",
      entry: entry(2, fresh),
      item: fresh,
    };
    // the live query has not yet moved from the previous scan's item
    const html = card(latest, old);
    expect(html).toContain("New red lamp");
    expect(html).toContain("Quantity 2");
    expect(html).toContain("Location Bin C3");
    expect(html).toContain('data-item="new"');
    for (const field of ["Old blue mug", "Quantity 7", "Shelf A1"]) expect(html).not.toContain(field);
  });

  it("follows the scan's own item as it changes (undo, sync)", () => {
    const latest: LatestScan = {
      mark: "scan:2",
      code: "NEW-CODE-42",
      status: "done",
      entry: entry(2, fresh),
      item: fresh,
    };
    expect(resultItem(latest, { ...fresh, quantity: 1 })?.quantity).toBe(1);
    expect(resultItem(null, old)).toBeNull();
  });
});
