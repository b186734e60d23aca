// chrono-node reads the dates said in transcripts and the periods named in questions. This module narrows its
// casual English to calendar dates and bounds the text it is given.
import { Chrono, casual, type ParsedResult, type Parser, type ParsingOption } from "chrono-node/en";

/**
 * chrono's casual English parsers left out: times of day ("at 5", "this evening": a time is not a date), numeric
 * slash dates ("3/4": month first or day first is a guess), and "N units ago" / "N units later", whose patterns
 * rescan runs of durations ("1 day 1 day …": 140 ms for 2,000 characters; without them 2,000 hostile characters
 * take under 5 ms, see date-parser.test.ts).
 */
export const LEFT_OUT_PARSERS = [
  "ENTimeExpressionParser",
  "ENCasualTimeParser",
  "SlashDateFormatParser",
  "ENTimeUnitAgoFormatParser",
  "ENTimeUnitLaterFormatParser",
];

/** chrono's casual English without LEFT_OUT_PARSERS; `first` parsers win a tie with chrono's own over the same words. */
export function createDateParser(first: Parser[] = []): Chrono {
  const kept = casual.parsers.filter((parser) => !LEFT_OUT_PARSERS.includes(parser.constructor.name));
  return new Chrono({ parsers: [...first, ...kept], refiners: [...casual.refiners] });
}

/** The calendar day `date` falls on, as chrono's known values. */
export function knownDay(date: Date): { day: number; month: number; year: number } {
  return { day: date.getDate(), month: date.getMonth() + 1, year: date.getFullYear() };
}

/**
 * chrono is handed at most this many characters at a time, so one long sentence costs time in proportion to its
 * length whatever chrono's own patterns do. Windows overlap by WINDOW_OVERLAP, more than any date phrase is long.
 */
const WINDOW = 1000;
const WINDOW_OVERLAP = 100;

/**
 * The first date in `text` that `accept` turns into a value, reading the text a window at a time. `accept` is
 * given the window the result was found in (result.index is within it).
 */
export function firstDate<T>(
  parser: Chrono,
  text: string,
  reference: Date,
  option: ParsingOption,
  accept: (result: ParsedResult, window: string) => T | undefined,
): T | undefined {
  for (let start = 0; ; start += WINDOW - WINDOW_OVERLAP) {
    const window = text.slice(start, start + WINDOW);
    const isLast = start + WINDOW >= text.length;
    for (const result of parser.parse(window, reference, option)) {
      // A phrase starting in the overlap may be cut at the window's end: the next window reads it whole.
      if (!isLast && result.index >= WINDOW - WINDOW_OVERLAP) break;
      const value = accept(result, window);
      if (value !== undefined) return value;
    }
    if (isLast) return undefined;
  }
}
