import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import type { CalendarEvent } from "../../../domain/calendar/event";
import { calendarIcs } from "./ics";

const stamps = { companyId: "c", ownerId: "u", version: 1, createdAt: "2026-01-01T00:00:00.000Z" };
const ev = (over: Partial<CalendarEvent>): CalendarEvent => ({
  ...stamps,
  id: "0190a0a0-0000-7000-8000-000000000001",
  updatedAt: "2026-01-02T03:04:05.000Z",
  title: "T",
  description: "",
  start: "2026-06-01T13:00:00.000Z",
  end: "2026-06-01T14:00:00.000Z",
  allDay: false,
  colour: "blue",
  visibility: "company",
  ...over,
});

const ics = calendarIcs({
  name: "Acme (Blocklot)",
  publicUrl: "https://app.example.com",
  events: [
    ev({ title: "Budget, Q3; review \\ ünïcödé", description: `Line one\nLine two ${"é".repeat(80)}` }),
    ev({
      id: "0190a0a0-0000-7000-8000-000000000002",
      title: "Offsite",
      allDay: true,
      start: "2026-06-03",
      end: "2026-06-05",
      visibility: "private",
    }),
  ],
  dates: [
    {
      id: "rpie:p1:2027-06-01",
      kind: "rpie-deadline",
      date: "2027-06-01",
      subject: "1 Main St",
      link: "/dashboard/properties",
    },
  ],
});

describe("ICS output (RFC 5545)", () => {
  it("is one VCALENDAR with VERSION and PRODID, CRLF line ends, no content line over 75 octets", () => {
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:")).toBe(true);
    expect(ics.trimEnd().endsWith("END:VCALENDAR")).toBe(true);
    const lines = ics.split("\r\n");
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of lines) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    // the long description was folded (a continuation line starts with one space)
    expect(lines.some((l) => l.startsWith(" "))).toBe(true);
  });

  it("parses back: UIDs, DTSTAMP, escaped text, DATE-TIME in UTC for timed and DATE for all-day events", () => {
    const cal = new ICAL.Component(ICAL.parse(ics));
    const events = cal.getAllSubcomponents("vevent");
    expect(events).toHaveLength(3);
    for (const v of events) {
      expect(v.getFirstPropertyValue("uid")).toMatch(/@app\.example\.com$/);
      expect(v.getFirstPropertyValue("dtstamp")).toBeTruthy();
      expect(v.hasProperty("dtstart") && v.hasProperty("dtend")).toBe(true);
    }
    const [budget, offsite, rpie] = events.map((v) => new ICAL.Event(v));
    expect(budget?.summary).toBe("Budget, Q3; review \\ ünïcödé");
    expect(budget?.description).toBe(`Line one\nLine two ${"é".repeat(80)}`);
    expect(ics).toContain("SUMMARY:Budget\\, Q3\\; review \\\\ ünïcödé");
    expect(ics).toContain("DTSTART:20260601T130000Z");
    expect(budget?.endDate.toJSDate().toISOString()).toBe("2026-06-01T14:00:00.000Z");
    expect(offsite?.startDate.isDate).toBe(true);
    expect([offsite?.startDate.toString(), offsite?.endDate.toString()]).toEqual([
      "2026-06-03",
      "2026-06-05",
    ]);
    expect(offsite?.component.getFirstPropertyValue("class")).toBe("PRIVATE");
    expect(rpie?.summary).toBe("RPIE due: 1 Main St");
    expect([rpie?.startDate.toString(), rpie?.endDate.toString()]).toEqual(["2027-06-01", "2027-06-02"]);
    expect(rpie?.component.getFirstPropertyValue("url")).toBe("https://app.example.com/dashboard/properties");
  });
});
