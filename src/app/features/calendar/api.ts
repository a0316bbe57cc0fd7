/**
 * The calendar's server calls (docs/calendar.md): the company's product dates — kept in Dexie
 * after each read so the calendar shows them offline — and the member's ICS feed URL.
 */
import { queryOptions } from "@tanstack/react-query";
import type { ProductDate } from "../../../domain/calendar/product-dates";
import { http } from "../../lib/http";
import type { BlocklotDb } from "../../offline/db";

const CALENDAR_PATHS = {
  productDates: "/api/calendar/product-dates",
  feed: "/api/calendar/feed",
} as const;

interface FeedStatus {
  active: boolean;
  createdAt: string | null;
}

/** Reads the product dates and replaces the device's copy of the company's (one transaction). */
async function refreshProductDates(db: BlocklotDb, companyId: string): Promise<number> {
  const { dates } = await http.get<{ dates: ProductDate[] }>(CALENDAR_PATHS.productDates);
  await db.transaction("rw", db.calendarDates, async () => {
    await db.calendarDates.where("companyId").equals(companyId).delete();
    await db.calendarDates.bulkPut(dates.map((d) => ({ ...d, companyId })));
  });
  return dates.length;
}

export const calendarKeys = {
  productDates: (companyId: string) => ["calendar", "product-dates", companyId] as const,
  feed: (companyId: string) => ["calendar", "feed", companyId] as const,
};

export const calendarQueries = {
  /** Refreshes the stored product dates (the screen reads them from Dexie, online or not). */
  productDates: (db: BlocklotDb, companyId: string) =>
    queryOptions({
      queryKey: calendarKeys.productDates(companyId),
      queryFn: () => refreshProductDates(db, companyId),
      staleTime: 60_000,
      retry: false,
    }),
  feed: (companyId: string) =>
    queryOptions({
      queryKey: calendarKeys.feed(companyId),
      queryFn: () => http.get<FeedStatus>(CALENDAR_PATHS.feed),
    }),
};

export const makeFeed = () => http.post<{ url: string; createdAt: string }>(CALENDAR_PATHS.feed);
export const revokeFeed = () => http.delete<void>(CALENDAR_PATHS.feed);
