import { addDays } from "date-fns";
import type { ScopedMutator } from "swr";
import { readLocalDay } from "./local-day";

/** Page size of the meeting lists: the server's default page, so unpaged callers see the same. */
export const MEETING_PAGE_SIZE = 50;
/** The dashboard's "Recent Activity" window (spec: meetings dated within the last 7 days). */
export const RECENT_DAYS = 7;

type Query = Record<string, string | number | null | undefined>;

/** The GET path of a meeting list; one spelling per query, so SSR data and the client share SWR keys. */
export function meetingsKey(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== "") params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `/api/meetings?${search}` : "/api/meetings";
}

/** The dashboard's list: the last 7 days, as many as a busy week holds. */
export const RECENT_MEETINGS_KEY = meetingsKey({ recentDays: RECENT_DAYS, limit: 200 });
/** The first page of /meetings without filters. */
export const ALL_MEETINGS_KEY = meetingsKey({ limit: MEETING_PAGE_SIZE });

/** A `yyyy-MM-dd` day in the browser's time zone as the instants that bound it; null when it is not a day. */
export function localDayBounds(date: string): { from: string; to: string } | null {
  const start = readLocalDay(date);
  return start ? { from: start.toISOString(), to: addDays(start, 1).toISOString() } : null;
}

/** The first page of the meetings of one client and/or one local day, whatever their age. */
export function filteredMeetingsKey(clientId: number | null, date: string | null): string {
  return meetingsKey({ clientId, ...(date ? localDayBounds(date) : null), limit: MEETING_PAGE_SIZE });
}

/** The calendar's largest page: the server's maximum, a busy month and its margins in one request. */
const CALENDAR_PAGE_SIZE = 500;

/** The calendar's list for the month `day` is in (local time): the same key on the server and in every time zone. */
export function calendarMonthKey(day: Date): string {
  const month = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}`;
  return meetingsKey({ month, limit: CALENDAR_PAGE_SIZE });
}

/** Where the page after `meeting` starts: the same sort key the server's cursor uses ("date_id"). */
export function cursorAfter(meeting: { date: string; id: number }): string {
  return `${meeting.date}_${meeting.id}`;
}

/** Revalidates every cached meeting list (all pages, filters and ranges) after a change. */
export function refreshMeetingLists(mutate: ScopedMutator): Promise<unknown> {
  return mutate((key) => typeof key === "string" && /^\/api\/meetings(\?|$)/.test(key));
}
