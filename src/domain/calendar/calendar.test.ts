import { describe, expect, it } from "vitest";
import { canSee } from "./event";
import { productDates, productDateTitle, shipBy } from "./product-dates";
import { validateEventFields } from "./validate";

const timed = { title: "T", description: "", colour: "blue", visibility: "company", allDay: false } as const;

describe("event rules", () => {
  it("accepts timed and all-day events inside 1900–2099 with the end after the start", () => {
    expect(
      validateEventFields({ ...timed, start: "2026-06-01T09:00:00Z", end: "2026-06-01T10:00:00+02:00" }),
    ).toEqual({
      end: "After the start",
    });
    expect(
      validateEventFields({ ...timed, start: "2026-06-01T09:00:00Z", end: "2026-06-01T10:00:00Z" }),
    ).toEqual({});
    expect(validateEventFields({ ...timed, allDay: true, start: "1900-01-01", end: "1900-01-02" })).toEqual(
      {},
    );
    expect(validateEventFields({ ...timed, allDay: true, start: "2099-12-31", end: "2100-01-01" })).toEqual(
      {},
    );
    expect(
      validateEventFields({ ...timed, allDay: true, start: "2100-01-01", end: "2100-01-02" }).start,
    ).toMatch(/Between/);
    expect(
      validateEventFields({ ...timed, allDay: true, start: "2026-02-29", end: "2026-03-01" }).start,
    ).toBeDefined();
    expect(
      validateEventFields({ ...timed, allDay: true, start: "2026-06-01T00:00:00Z", end: "2026-06-02" }).start,
    ).toBe("A date as YYYY-MM-DD");
  });

  it("checks only the fields a PATCH gives", () => {
    expect(validateEventFields({ title: "Renamed" }, true)).toEqual({});
    expect(validateEventFields({ colour: "neon" as never }, true)).toEqual({ colour: expect.any(String) });
  });

  it("private events are their owner's", () => {
    expect(canSee({ visibility: "private", ownerId: "a" }, "a")).toBe(true);
    expect(canSee({ visibility: "private", ownerId: "a" }, "b")).toBe(false);
    expect(canSee({ visibility: "company", ownerId: "a" }, "b")).toBe(true);
  });
});

describe("product dates", () => {
  it("RPIE deadlines, reminder days until filed, invoices due by their year's deadline, orders shipped the next business day", () => {
    const dates = productDates({
      // 2027-06-01 is a Tuesday; 2025-06-01 a Sunday (the deadline moves to Monday June 2)
      deadlines: [
        { propertyId: "p1", label: "BBL 1", deadline: "2027-06-01", filed: false },
        { propertyId: "p2", label: "BBL 2", deadline: "2027-06-01", filed: true },
      ],
      offsets: [30, 14, 3],
      invoices: [{ id: "i1", number: "INV-1", filingYear: 2025 }],
      orders: [{ id: "o1", title: "Lamp", itemId: null, orderedOn: "2026-07-03" }],
    });
    const of = (id: string) => dates.find((d) => d.id.startsWith(id));
    expect(of("rpie:p1")).toMatchObject({ date: "2027-06-01", link: "/dashboard/properties" });
    expect(dates.filter((d) => d.kind === "filing-reminder").map((d) => d.date)).toEqual([
      "2027-05-02",
      "2027-05-18",
      "2027-05-29",
    ]);
    expect(dates.filter((d) => d.kind === "rpie-deadline")).toHaveLength(2);
    expect(of("invoice:i1")).toMatchObject({ date: "2025-06-02", link: "/dashboard/invoices/i1" });
    // Friday July 3 2026 is the observed Independence Day: placed Thursday July 2 → Monday July 6
    expect(shipBy("2026-07-02")).toBe("2026-07-06");
    expect(of("ebay:o1")).toMatchObject({ date: "2026-07-06", link: "/dashboard/listing" });
    expect(dates.map((d) => d.date)).toEqual([...dates.map((d) => d.date)].sort());
    expect(productDateTitle(of("reminder:p1:2027-06-01:14") as never)).toBe("RPIE due in 14 days: BBL 1");
  });
});
