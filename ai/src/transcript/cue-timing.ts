// Cue timing lines ("00:01:02.500 --> 00:01:05.000 align:start"), scanned by hand: WebVTT's rules first
// ("collect a WebVTT timestamp", hours of any width), then SRT habits (comma decimals, short fractions).

export interface CueTiming {
  start: number;
  end: number;
}

interface Cursor {
  text: string;
  at: number;
}

export const isDigit = (code: number) => code >= 0x30 && code <= 0x39;
/** WebVTT whitespace inside a line: space, tab, form feed (line breaks never reach here). */
const isLineSpace = (code: number) => code === 0x20 || code === 0x09 || code === 0x0c;

function collectDigits(cursor: Cursor): string {
  const start = cursor.at;
  while (cursor.at < cursor.text.length && isDigit(cursor.text.charCodeAt(cursor.at))) cursor.at++;
  return cursor.text.slice(start, cursor.at);
}

function skipSpaces(cursor: Cursor) {
  while (cursor.at < cursor.text.length && isLineSpace(cursor.text.charCodeAt(cursor.at))) cursor.at++;
}

const toMilliseconds = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** The WebVTT spec's "collect a WebVTT timestamp": [hours:]mm:ss.ttt, hours of any number of digits. */
function collectVttTimestamp(cursor: Cursor): number | null {
  const { text } = cursor;
  let first = collectDigits(cursor);
  if (first === "") return null;
  const hoursFirst = first.length !== 2 || Number(first) > 59;
  if (text[cursor.at] !== ":") return null;
  cursor.at++;
  let second = collectDigits(cursor);
  if (second.length !== 2) return null;
  let third: string;
  if (hoursFirst || text[cursor.at] === ":") {
    if (text[cursor.at] !== ":") return null;
    cursor.at++;
    third = collectDigits(cursor);
    if (third.length !== 2) return null;
  } else {
    third = second;
    second = first;
    first = "0";
  }
  if (text[cursor.at] !== ".") return null;
  cursor.at++;
  const fraction = collectDigits(cursor);
  if (fraction.length !== 3) return null;
  if (Number(second) > 59 || Number(third) > 59) return null;
  const seconds = Number(first) * 3600 + Number(second) * 60 + Number(third) + Number(fraction) / 1000;
  return Number.isFinite(seconds) ? toMilliseconds(seconds) : null;
}

/** What SRT writers and hand-made files use: [h:]m:ss, "," or "." before any number of fraction digits. */
function collectLenientTimestamp(cursor: Cursor): number | null {
  const parts: string[] = [collectDigits(cursor)];
  if (parts[0] === "") return null;
  while (parts.length < 3 && cursor.text[cursor.at] === ":") {
    cursor.at++;
    const part = collectDigits(cursor);
    if (part.length < 1 || part.length > 2) return null;
    parts.push(part);
  }
  // Seconds take two digits, so "at 10:5" is not a time; minutes and seconds stay under 60.
  if (parts.length < 2 || parts[parts.length - 1]!.length !== 2) return null;
  if (parts.slice(1).some((part) => Number(part) > 59)) return null;
  let seconds = 0;
  for (const part of parts) seconds = seconds * 60 + Number(part);
  const separator = cursor.text[cursor.at];
  if (separator === "." || separator === ",") {
    cursor.at++;
    const fraction = collectDigits(cursor);
    if (fraction) seconds += Number(`0.${fraction}`);
  }
  return Number.isFinite(seconds) ? toMilliseconds(seconds) : null;
}

function collectTiming(line: string, collect: (cursor: Cursor) => number | null): CueTiming | null {
  const cursor: Cursor = { text: line, at: 0 };
  skipSpaces(cursor);
  const start = collect(cursor);
  if (start === null) return null;
  skipSpaces(cursor);
  if (!line.startsWith("-->", cursor.at)) return null;
  cursor.at += 3;
  skipSpaces(cursor);
  const end = collect(cursor);
  // Whatever follows (cue settings, SRT coordinates) is ignored.
  return end === null ? null : { start, end };
}

/** A timing line by the WebVTT rules, or (when `lenient`) by SRT habits; null when it is neither. */
export function parseCueTiming(line: string, lenient: boolean): CueTiming | null {
  if (!line.includes("-->")) return null;
  return collectTiming(line, collectVttTimestamp) ?? (lenient ? collectTiming(line, collectLenientTimestamp) : null);
}

/** A timestamp at the start of `text` (SRT habits allowed): its value and where it ends. */
export function readTimestampAt(text: string, at: number): { seconds: number; end: number } | null {
  const cursor: Cursor = { text, at };
  const seconds = collectLenientTimestamp(cursor);
  return seconds === null ? null : { seconds, end: cursor.at };
}
