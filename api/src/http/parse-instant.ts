import { badRequest } from "../http-error";

/** Years PostgreSQL's timestamptz and every date library round-trip; JavaScript alone reaches ±275,760. */
const MIN_YEAR = 1;
const MAX_YEAR = 9999;

/**
 * A date-time from a query or body, or a 400 naming the field. Valid JavaScript dates outside years 1 to 9999
 * (`-100000-01-01`) are refused here: PostgreSQL rejects them, which surfaced as "database is unavailable".
 */
export function parseInstant(value: string | undefined, field: string): Date | undefined {
  if (value === undefined || value === "") return undefined;
  const date = new Date(value);
  const year = date.getUTCFullYear();
  if (Number.isNaN(date.getTime()) || year < MIN_YEAR || year > MAX_YEAR) {
    throw badRequest(`validation failed: ${field} is not a valid date`);
  }
  return date;
}

const LATEST = Date.UTC(MAX_YEAR, 11, 31, 23, 59, 59, 999);

/** A bound computed from a valid date (a day or a month later) kept inside the years the database takes. */
export function clampInstant(date: Date): Date {
  const earliest = new Date(0);
  earliest.setUTCFullYear(MIN_YEAR, 0, 1);
  earliest.setUTCHours(0, 0, 0, 0);
  // Date.UTC maps years 0 to 99 onto 1900 to 1999, so the earliest instant is set through setUTCFullYear.
  const time = Math.min(Math.max(date.getTime(), earliest.getTime()), LATEST);
  return time === date.getTime() ? date : new Date(time);
}
