// Times of day said in a meeting ("at two", "2:30", "four-thirty", "ten in the morning"), as "HH:mm" (24 h).
// Only absolute times: "same time" or "an hour later" need the meeting's start, which a transcript does not carry.

import { CLOCK_HOUR_WORDS, numberWord } from "../language/lexicon";
import { lexiconRegExp } from "../language/patterns";

const HOUR_WORDS = CLOCK_HOUR_WORDS;
const HOUR = `(\\d{1,2}|${HOUR_WORDS.join("|")})`;
/** The quarter hours said as words ("four-thirty"): "fifteen", "thirty", "forty-five" (or "forty five"). */
const QUARTERS = [15, 30, 45].map((minute) => ({ minute, word: numberWord(minute) }));
const MINUTE_WORDS: Record<string, number> = Object.fromEntries(
  QUARTERS.flatMap(({ minute, word }) => [
    [word, minute],
    [word.replace("-", " "), minute],
  ]),
);
const SPOKEN_MINUTE = QUARTERS.map(({ word }) => word.replace("-", "[- ]")).join("|");
const PART_OF_DAY = `(?:\\s*(a\\.?m\\.?|p\\.?m\\.?)(?![a-z])|\\s+(?:in the\\s+)?(morning|afternoon|evening))?`;

// Each pattern reads fixed words around one hour and one minute: no nested repetition, so no backtracking.
const CLOCK = new RegExp(`\\b(\\d{1,2}):(\\d{2})${PART_OF_DAY}`, "i");
const SPOKEN_MINUTES = lexiconRegExp(`\\b${HOUR}[- ](${SPOKEN_MINUTE})\\b${PART_OF_DAY}`, "i");
// "at two" only where a time ends ("at two, here", "at two?", "at ten to sign them", "at ten in your office"), not
// "looked at two options"; "to" or "and" before another hour is no end ("at ten to ten", "at two and three").
const AT_HOUR = lexiconRegExp(
  `\\bat\\s+${HOUR}(?=[\\s,.?!;]|$|[ap]\\.?m\\b)(?:\\s+o'?clock)?${PART_OF_DAY}(?=\\s*(?:[,.?!;]|$|(?:on|here|then|works?|is|would|suits?|sharp|if|at|with|for|in)\\b|(?:to|and)\\s+(?!${HOUR}\\b|half\\b|quarter\\b)))`,
  "i",
);
const OCLOCK = lexiconRegExp(`\\b${HOUR}\\s+o'?clock\\b${PART_OF_DAY}`, "i");
const NOON = /\b(?:at\s+)?noon\b/i;

/** The first time of day in the text as "HH:mm", or undefined. */
export function readSpokenTime(text: string): string | undefined {
  const clock = CLOCK.exec(text);
  if (clock) return clockTime(Number(clock[1]), Number(clock[2]), clock[3] ?? clock[4]);
  const spoken = SPOKEN_MINUTES.exec(text);
  if (spoken) return clockTime(hourOf(spoken[1]!), MINUTE_WORDS[spoken[2]!.toLowerCase()] ?? 0, spoken[3] ?? spoken[4]);
  const hour = AT_HOUR.exec(text) ?? OCLOCK.exec(text);
  if (hour) return clockTime(hourOf(hour[1]!), 0, hour[2] ?? hour[3]);
  return NOON.test(text) ? "12:00" : undefined;
}

function hourOf(said: string): number {
  const word = HOUR_WORDS.indexOf(said.toLowerCase());
  return word >= 0 ? word + 1 : Number(said);
}

/** Without "am"/"pm", an hour is read as office hours: 7-11 in the morning, 12-6 in the afternoon. */
function clockTime(hour: number, minute: number, part: string | undefined): string | undefined {
  if (hour > 23 || minute > 59) return undefined;
  const p = part?.toLowerCase().replace(/\./g, "");
  let h = hour;
  if (hour <= 12) {
    const afternoon = p === "pm" || p === "afternoon" || p === "evening" || (!p && hour >= 1 && hour <= 6);
    if (afternoon && hour < 12) h = hour + 12;
    if ((p === "am" || p === "morning") && hour === 12) h = 0;
  }
  return `${String(h).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}
