// Caption files (WebVTT, SRT) cut a speaker's turn, and even a sentence, wherever a cue ends: "…would cost, say, a
// hundred and ten" in one cue and "thousand, and Ray takes…" in the next. Consecutive lines of one named speaker are
// read as one turn (so a sentence holding a figure, a date or a name is whole, and the sentence after it, such as a
// correction, is known); lines without a speaker (an SRT) are joined only where a sentence was cut, since who speaks
// next is unknown. One pass over the lines, constant work at each line end: linear.

import { PERSON_TITLES } from "../../language";
import { CLOSERS, SENTENCE_END } from "../../language/sentences";

/** One line of a passage: who said it (when known) and what. */
export interface SpokenLine {
  speaker: string | null;
  text: string;
}

/** Longest line a join may build: a transcript written without any stops is not turned into one endless sentence. */
export const MAX_JOINED_CHARS = 700;

/** Titles a name follows after a stop ("Dr. Halvorsen", "St. Paul"): a cue ending with one has not ended. */
const TITLES = new Set([...PERSON_TITLES, "st"]);

/** True when the text ends its sentence (a stop, perhaps followed by a closing quote or bracket), not a title. */
export function endsSentence(text: string): boolean {
  let i = text.length - 1;
  while (i >= 0 && (CLOSERS.has(text[i]!) || text[i] === " ")) i--;
  if (i < 0 || !SENTENCE_END.has(text[i]!)) return false;
  const space = text.lastIndexOf(" ", i);
  return !(text[i] === "." && TITLES.has(text.slice(space + 1, i).toLowerCase()));
}

/** The lines with each named speaker's consecutive lines joined, and unnamed lines joined where a sentence was cut. */
export function joinCutLines(lines: readonly SpokenLine[]): SpokenLine[] {
  const out: SpokenLine[] = [];
  for (const line of lines) {
    const last = out[out.length - 1];
    const continues =
      last !== undefined &&
      last.speaker === line.speaker &&
      (last.speaker !== null || !endsSentence(last.text)) &&
      last.text.length + 1 + line.text.length <= MAX_JOINED_CHARS;
    if (continues) last.text = `${last.text} ${line.text}`;
    else out.push({ ...line });
  }
  return out;
}
