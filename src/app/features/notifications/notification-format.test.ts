import { describe, expect, it } from "vitest";
import { badgeLabel, formatNotificationDate } from "./notification-format";

describe("badge and date format", () => {
  it("caps the badge at 99+", () => {
    expect(badgeLabel(0)).toBe("0");
    expect(badgeLabel(99)).toBe("99");
    expect(badgeLabel(100)).toBe("99+");
    expect(badgeLabel(1234)).toBe("99+");
  });

  it('formats dates as "MMM dd, h:mm a"', () => {
    expect(formatNotificationDate("2025-03-05T15:07:00")).toBe("Mar 05, 3:07 PM");
    expect(formatNotificationDate("2025-12-24T00:30:00")).toBe("Dec 24, 12:30 AM");
    expect(formatNotificationDate("not a date")).toBe("");
  });
});
