import { describe, expect, it } from "vitest";
import { validateEventFields } from "../../../domain/calendar/validate";
import { boundsToForm, formToBounds, formToFields, toggleAllDay } from "./event-form";

describe("event form bounds", () => {
  it("shows an all-day event's exclusive end as its last day and stores it back exclusive", () => {
    expect(boundsToForm("2026-06-03", "2026-06-05", true)).toEqual({
      start: "2026-06-03",
      end: "2026-06-04",
    });
    expect(formToBounds({ allDay: true, start: "2026-06-03", end: "2026-06-04" })).toEqual({
      start: "2026-06-03",
      end: "2026-06-05",
    });
  });

  it("round-trips a timed event through local time as UTC instants the server accepts", () => {
    const form = boundsToForm("2026-06-02T13:00:00.000Z", "2026-06-02T14:30:00.000Z", false);
    expect(formToBounds({ allDay: false, ...form })).toEqual({
      start: "2026-06-02T13:00:00.000Z",
      end: "2026-06-02T14:30:00.000Z",
    });
    const fields = formToFields({
      title: " Visit ",
      description: "",
      colour: "teal",
      visibility: "private",
      allDay: false,
      ...form,
    });
    expect(fields?.title).toBe("Visit");
    expect(validateEventFields(fields ?? {})).toEqual({});
  });

  it("keeps the days when all-day is switched", () => {
    const v = { title: "", description: "", colour: "blue", visibility: "company", allDay: true } as const;
    expect(toggleAllDay({ ...v, start: "2026-06-03", end: "2026-06-03" }, false)).toMatchObject({
      start: "2026-06-03 09:00:00",
      end: "2026-06-03 10:00:00",
    });
    expect(formToBounds({ allDay: false, start: null, end: "x" })).toBeNull();
  });
});
