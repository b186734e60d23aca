import { format, isValid, parseISO } from "date-fns";

/**
 * A `yyyy-MM-dd` day at a local time ("HH:mm", midnight without one), read by date-fns; null when the text is not
 * such a day (blank, "2026-02-30", "2026"). The hand-written `split("-")` readers it replaced made a blank day
 * 1 January 1900 and rolled 30 February into March.
 */
export function readLocalDay(day: string, time = "00:00"): Date | null {
  const date = parseISO(`${day}T${time}`);
  // parseISO reads a year alone or a week date too; only the day written yyyy-MM-dd is taken.
  return isValid(date) && format(date, "yyyy-MM-dd") === day ? date : null;
}
