/**
 * Times of day in the app's one format, the 24-hour "HH:mm" the calendar's day list shows: the upload and schedule
 * dialogs take and show times in it too (a browser's time input would show the locale's "3:30 PM" instead).
 */
const CLOCK_TIME = /^([01]?\d|2[0-3])[:.]?([0-5]\d)$/;

/** "9:30", "09.30" or "0930" as "09:30"; null when the text is not a time of day. */
export function parseClockTime(text: string): string | null {
  const match = CLOCK_TIME.exec(text.trim());
  if (!match) return null;
  return `${match[1]!.padStart(2, "0")}:${match[2]}`;
}

/** A moment's local time of day as "HH:mm". */
export function clockTimeOf(moment: Date | number): string {
  const date = new Date(moment);
  return `${String(date.getHours()).padStart(2, "0")}:${String(date.getMinutes()).padStart(2, "0")}`;
}

/** A moment's local day as "yyyy-MM-dd". */
export function localDayOf(moment: Date | number): string {
  const date = new Date(moment);
  const month = String(date.getMonth() + 1).padStart(2, "0");
  return `${date.getFullYear()}-${month}-${String(date.getDate()).padStart(2, "0")}`;
}

export const CLOCK_TIME_HINT = "24-hour clock, for example 14:30.";
export const CLOCK_TIME_ERROR = "Enter a time as HH:mm, for example 14:30";
