import { parseInstant } from "../../http/parse-instant";
import { badRequest } from "../../http-error";

/** A meeting list answers a page, newest first: lists stay small however many meetings a user has. */
export const DEFAULT_PAGE_SIZE = 50;
/** Enough for a month on the calendar or a week on the dashboard in one request. */
export const MAX_PAGE_SIZE = 500;

/** The cursor of the page after `meeting`: its date and id, the list's sort key ("2026-04-02T09:00:00.000Z_17"). */
export function cursorAfter(meeting: { date: string; id: number }): string {
  return `${meeting.date}_${meeting.id}`;
}

export function parseCursor(cursor: string | undefined): { date: Date; id: number } | undefined {
  if (cursor === undefined || cursor === "") return undefined;
  const match = /^(.+)_(\d{1,15})$/.exec(cursor);
  const invalid = () => badRequest("validation failed: cursor is not one this server gave out");
  if (!match) throw invalid();
  let date: Date | undefined;
  try {
    date = parseInstant(match[1], "cursor");
  } catch {
    throw invalid();
  }
  if (!date) throw invalid();
  return { date, id: Number(match[2]) };
}

/** The same request with the cursor moved past `last`. */
export function nextPageUrl(requestUrl: string, last: { date: string; id: number }): string {
  const url = new URL(requestUrl);
  url.searchParams.set("cursor", cursorAfter(last));
  return url.pathname + url.search;
}
