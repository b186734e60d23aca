// Lines the transcription tools add around the speech: Otter's free-plan footer, Google Meet's heading, its
// closing line and its disclaimer. They are dropped so they are neither a turn nor words of the last speaker.

import { MONTHS as MONTH_NAMES } from "../language/lexicon";
import { collapseWhitespace } from "./clean-text";
import { readClockTime } from "./speaker-header";

const OTTER_FOOTER = "Transcribed by https://otter.ai";
const MEET_ENDED = "Transcription ended after ";
const MEET_DISCLAIMER = "This editable transcript was computer generated";
const MEET_TITLE_SUFFIX = " - Transcript";
/** A month's first three letters ("Nov", "November"). */
const MONTHS = new Set(MONTH_NAMES.map((month) => month.slice(0, 3)));

/** Whether a (whitespace-collapsed) line is tool boilerplate; `opening` is true for the first lines of a file. */
export function isToolBoilerplate(line: string, opening: boolean): boolean {
  if (line.startsWith(OTTER_FOOTER)) return true;
  if (line.startsWith(MEET_DISCLAIMER)) return true;
  if (line.startsWith(MEET_ENDED)) return readClockTime(line, MEET_ENDED.length, line.length) !== null;
  if (!opening) return false;
  return line === "Transcript" || line.endsWith(MEET_TITLE_SUFFIX) || isDateLine(line);
}

/** "Nov 3, 2026" or "November 3, 2026": the date Google Meet writes above its transcript. */
function isDateLine(line: string): boolean {
  const parts = line.split(" ");
  if (parts.length !== 3) return false;
  const [month = "", day = "", year = ""] = parts;
  return (
    MONTHS.has(month.slice(0, 3).toLowerCase()) &&
    /^\d{1,2},$/.test(day) &&
    /^\d{4}$/.test(year) &&
    /^[A-Za-z]+\.?$/.test(month)
  );
}

/** Rev's "[crosstalk 00:12:23]" and "[inaudible 00:03:10]": a note with a time in it is not speech. */
const MAX_TAG = 40;

/** The line without bracketed notes that end in a time; "[laughs]" and other notes are kept. */
export function dropTimedTags(line: string): string {
  let out = "";
  let from = 0;
  // The next "]" is searched again only once passed, so a line of many "[" is still read once.
  let close = -2;
  for (let open = line.indexOf("["); open >= 0; open = line.indexOf("[", open + 1)) {
    if (close < open) close = line.indexOf("]", open);
    if (close < 0) break;
    if (close - open > MAX_TAG) continue;
    const tag = line.slice(open + 1, close);
    const space = tag.lastIndexOf(" ");
    if (space > 0 && readClockTime(tag, space + 1, tag.length) !== null) {
      out += line.slice(from, open);
      from = close + 1;
      open = close;
    }
  }
  return from === 0 ? line : collapseWhitespace(out + line.slice(from));
}
