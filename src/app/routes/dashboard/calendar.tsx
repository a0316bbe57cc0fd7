import { createFileRoute } from "@tanstack/react-router";
import { isDay } from "../../../domain/calendar/day";
import { CalendarPage } from "../../features/calendar/CalendarPage";

export const Route = createFileRoute("/dashboard/calendar")({
  // ?date=YYYY-MM-DD opens the calendar on that day (a link to a deadline).
  validateSearch: (search: Record<string, unknown>): { date?: string } =>
    isDay(search.date) && search.date >= "1900-01-01" && search.date <= "2099-12-31"
      ? { date: search.date }
      : {},
  component: function Calendar() {
    const { date } = Route.useSearch();
    return <CalendarPage date={date} />;
  },
});
