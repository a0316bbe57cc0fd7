import { v7 as uuidv7 } from "uuid";
import type { EventColour, Visibility } from "../../../../domain/calendar/event";
import type { DemoRun, DemoStep } from "../demo-run";

interface DemoEvent {
  title: string;
  description?: string;
  /** Days from today. */
  day: number;
  /** All day (with `days`, the number of days), or from `at` ("HH:MM", New York) for `minutes`. */
  days?: number;
  at?: string;
  minutes?: number;
  colour: EventColour;
  visibility?: Visibility;
  /** Who makes it (the owner of a private event). */
  by?: "companyAdmin" | "employee";
}

const EVENTS: DemoEvent[] = [
  {
    title: "Walk-through of the Queens building with the managing agent",
    day: 2,
    at: "10:00",
    minutes: 90,
    colour: "blue",
  },
  {
    title: "Call the accountant about the 2025 statements",
    day: 3,
    at: "14:30",
    minutes: 30,
    colour: "teal",
  },
  {
    title: "Estate sale pickup, Park Slope",
    description: "Bring the van and 20 boxes.",
    day: 5,
    days: 1,
    colour: "orange",
  },
  {
    title: "eBay photo session: film cameras",
    day: 6,
    at: "09:00",
    minutes: 180,
    colour: "grape",
    by: "employee",
  },
  { title: "Warehouse inventory count", day: 9, days: 2, colour: "yellow" },
  { title: "Quarterly review with the owners", day: 14, at: "16:00", minutes: 60, colour: "green" },
  {
    title: "Dentist",
    day: 4,
    at: "08:00",
    minutes: 60,
    colour: "gray",
    visibility: "private",
    by: "employee",
  },
  { title: "Label printer rolls delivered", day: -1, days: 1, colour: "red" },
];

/** "YYYY-MM-DD" `days` after `today`. */
function addDays(today: string, days: number): string {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** An instant at `time` on `date` in New York (EST/EDT by the date's own offset). */
function newYorkInstant(date: string, time: string, plusMinutes = 0): string {
  const guess = new Date(`${date}T${time}:00Z`);
  const local = new Date(guess.toLocaleString("en-US", { timeZone: "America/New_York" }));
  const utc = new Date(guess.toLocaleString("en-US", { timeZone: "UTC" }));
  const offsetMs = utc.getTime() - local.getTime();
  return new Date(guess.getTime() + offsetMs + plusMinutes * 60_000).toISOString();
}

/**
 * The demo company's calendar: eight events around today (timed and all-day, one of them private
 * to the employee), written through the calendar's synced-type route as the app writes them. The
 * product's own dates (RPIE deadlines, invoices, orders to ship) appear beside them by themselves.
 */
export const calendarStep: DemoStep = {
  name: "calendar",
  describe: "eight calendar events around today, one private to the employee",
  async run(run: DemoRun) {
    for (const e of EVENTS) {
      const date = addDays(run.today, e.day);
      const allDay = e.at === undefined;
      await run.call(e.by ?? "companyAdmin", "PUT", `/api/calendar/events/${uuidv7()}`, {
        title: e.title,
        description: e.description ?? "",
        start: allDay ? date : newYorkInstant(date, e.at as string),
        end: allDay ? addDays(date, e.days ?? 1) : newYorkInstant(date, e.at as string, e.minutes ?? 60),
        allDay,
        colour: e.colour,
        visibility: e.visibility ?? "company",
      });
    }
  },
};
