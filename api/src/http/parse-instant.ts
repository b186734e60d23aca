import { isValid, parseISO } from "date-fns";
import { badRequest } from "../http-error";

/**
 * The dates a user may send, anywhere (a meeting's date, a planned meeting, a consent, a due date, a list filter):
 * 1 January 1970 to 31 December 2199, UTC. Before, any year JavaScript reads passed (a consent dated 1900 was taken,
 * `-100000-01-01` reached PostgreSQL); nothing the product keeps is older than 1970 or planned past 2199.
 */
export const EARLIEST_DATE = new Date(Date.UTC(1970, 0, 1));
export const LATEST_DATE = new Date(Date.UTC(2199, 11, 31, 23, 59, 59, 999));
/** How the range reads in a message. */
export const DATE_RANGE_TEXT = "between 1970-01-01 and 2199-12-31";

/** Whether a valid date lies in the range above. */
export const isInDateRange = (date: Date) =>
  isValid(date) && date.getTime() >= EARLIEST_DATE.getTime() && date.getTime() <= LATEST_DATE.getTime();

/** ISO 8601 text as a date (date-fns' parseISO: a day that does not exist, like 2026-02-30, is invalid). */
export function readIsoDate(value: string): Date | undefined {
  const date = parseISO(value);
  return isInDateRange(date) ? date : undefined;
}

/**
 * A date-time from a query or body (ISO 8601), or a 400 naming the field: text that is not one, or a date outside
 * the range above. `new Date()` read "1\t" as 1 January 2001 and kept years PostgreSQL refuses.
 */
export function parseInstant(value: string | undefined, field: string): Date | undefined {
  if (value === undefined || value === "") return undefined;
  const date = readIsoDate(value);
  if (!date) throw badRequest(`validation failed: ${field} is not a valid date ${DATE_RANGE_TEXT}`);
  return date;
}

/** A bound computed from a valid date (a day or a month later) kept inside the range. */
export function clampInstant(date: Date): Date {
  const time = Math.min(Math.max(date.getTime(), EARLIEST_DATE.getTime()), LATEST_DATE.getTime());
  return time === date.getTime() ? date : new Date(time);
}
