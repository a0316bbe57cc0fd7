import { describe, expect, it } from "vitest";
import { dateTimeFormat, numberFormat } from "./intl-cache";

describe("intl-cache", () => {
  it("formats as Intl does, with one formatter per locale and options", () => {
    const usd = { style: "currency", currency: "USD", maximumFractionDigits: 0 } as const;
    expect(numberFormat("en-US", usd).format(1234.4)).toBe("$1,234");
    expect(numberFormat("de-DE", usd).format(1234.4)).toBe(
      new Intl.NumberFormat("de-DE", usd).format(1234.4),
    );
    expect(numberFormat("en-US", { ...usd })).toBe(numberFormat("en-US", usd));
    expect(numberFormat("en-US", usd)).not.toBe(numberFormat("de-DE", usd));
    expect(numberFormat("en-US")).not.toBe(numberFormat("en-US", usd));
  });

  it("keeps date options apart, the time zone included", () => {
    const utc = dateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
    const ny = dateTimeFormat("en-US", { dateStyle: "medium", timeZone: "America/New_York" });
    expect(utc).not.toBe(ny);
    const instant = new Date("2026-06-01T02:00:00Z");
    expect(utc.format(instant)).toBe("Jun 1, 2026");
    expect(ny.format(instant)).toBe("May 31, 2026");
    expect(dateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" })).toBe(utc);
  });
});
