import { clockTimeOf, localDayOf } from "../../lib/clock-time";
import { isTranscriptFile } from "./upload-errors";

export interface StartFields {
  /** yyyy-MM-dd, or "" when no day was chosen yet. */
  date: string;
  /** HH:mm, or "". */
  time: string;
  /** The time came from a chosen file, not from the advisor: another file may replace it. */
  timeFromFile: boolean;
}

/**
 * The meeting's day and start time once a file is chosen. A recording's own start, where the browser knows it, is
 * the file's last-modified moment (a recorder writes the file as it records); it is taken when it falls on the
 * chosen day (without a chosen day it gives the day too). A time the advisor typed is never replaced. A time that
 * came from a file the new one replaces goes with it when the new file says nothing of this meeting (a transcript
 * file, a recording from another day, no time at all).
 */
export function startFieldsAfterChoosing(
  file: { name: string; lastModified: number },
  fields: StartFields,
): StartFields {
  if (fields.time && !fields.timeFromFile) return fields;
  const day = file.lastModified ? localDayOf(file.lastModified) : undefined;
  if (isTranscriptFile(file) || !day || (fields.date && fields.date !== day)) {
    return fields.timeFromFile ? { ...fields, time: "", timeFromFile: false } : fields;
  }
  return { date: day, time: clockTimeOf(file.lastModified), timeFromFile: true };
}
