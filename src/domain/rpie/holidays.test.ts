import { describe, expect, it } from "vitest";
import { isBusinessDay, nextBusinessDay, nyPublicHolidays } from "./holidays";
import { filingDeadline } from "./rules";

describe("New York public holidays", () => {
  it("lists the thirteen holidays of 2025 on their dates", () => {
    const byName = Object.fromEntries(nyPublicHolidays(2025).map((h) => [h.name, h.date]));
    expect(byName).toEqual({
      "New Year's Day": "2025-01-01",
      "Martin Luther King Jr. Day": "2025-01-20",
      "Lincoln's Birthday": "2025-02-12",
      "Washington's Birthday": "2025-02-17",
      "Memorial Day": "2025-05-26",
      Juneteenth: "2025-06-19",
      "Independence Day": "2025-07-04",
      "Labor Day": "2025-09-01",
      "Columbus Day": "2025-10-13",
      "Election Day": "2025-11-04",
      "Veterans Day": "2025-11-11",
      "Thanksgiving Day": "2025-11-27",
      "Christmas Day": "2025-12-25",
    });
  });

  it.each([
    // [year, name, date, observed]
    [2021, "Independence Day", "2021-07-04", "2021-07-05"],
    [2020, "Independence Day", "2020-07-04", "2020-07-03"],
    [2022, "Juneteenth", "2022-06-19", "2022-06-20"],
    [2021, "Christmas Day", "2021-12-25", "2021-12-24"],
    [2022, "Christmas Day", "2022-12-25", "2022-12-26"],
    [2022, "New Year's Day", "2022-01-01", "2021-12-31"],
    [2026, "Lincoln's Birthday", "2026-02-12", "2026-02-12"],
    [2021, "Memorial Day", "2021-05-31", "2021-05-31"],
    [2026, "Election Day", "2026-11-03", "2026-11-03"],
    [2020, "Election Day", "2020-11-03", "2020-11-03"],
    [2024, "Thanksgiving Day", "2024-11-28", "2024-11-28"],
  ])("%i %s falls on %s, observed %s", (year, name, date, observed) => {
    const h = nyPublicHolidays(year).find((x) => x.name === name);
    expect(h).toEqual({ name, date, observed });
  });

  it("skips weekends and holidays (actual and observed) to the next business day", () => {
    expect(isBusinessDay("2025-11-26")).toBe(true);
    expect(nextBusinessDay("2025-11-26")).toBe("2025-11-26");
    expect(nextBusinessDay("2025-11-27")).toBe("2025-11-28");
    expect(nextBusinessDay("2025-07-04")).toBe("2025-07-07");
    expect(nextBusinessDay("2021-07-04")).toBe("2021-07-06");
    // New Year's Day 2022 (a Saturday) was observed on Friday 31 December 2021.
    expect(nextBusinessDay("2021-12-31")).toBe("2022-01-03");
    expect(nextBusinessDay("2024-12-28")).toBe("2024-12-30");
  });
});

describe("RPIE deadline", () => {
  it.each([
    [2025, "2025-06-02"], // Sunday
    [2024, "2024-06-03"], // Saturday
    [2026, "2026-06-01"], // Monday
    [2023, "2023-06-01"], // Thursday
    [2030, "2030-06-03"], // Saturday
    [2031, "2031-06-02"], // Sunday
  ])("June 1 %i → %s", (year, deadline) => {
    expect(filingDeadline(year)).toBe(deadline);
  });
});
