// A figure said twice in a row by the same speaker, in other words ("About three-ten. Three hundred ten thousand.",
// "One point one two. 1,120,000."): the speaker is dictating it for the notes. The second saying is compared with
// the first by its digits, so shorthand, decimals and full amounts all match; only the sentence just before is read.

import type { Sentence } from "../../language/sentences";
import { shorthandPairs } from "./shorthand-amounts";

const FIGURE_DIGITS = /\d[\d,.]*/g;

/** Significant digits of each figure: "1,120,000" → "112", "310" → "31", "1.12" → "112". */
export function significantDigits(text: string): string[] {
  return (text.match(FIGURE_DIGITS) ?? [])
    .map((figure) =>
      figure
        .replace(/[,.]/g, "")
        .replace(/^0+/, "")
        .replace(/(?<!0)0+$/, ""),
    )
    .filter((digits) => digits.length >= 2);
}

/** The figures of a text by their significant digits, shorthand pairs included ("sixty-one fifty" → "615"). */
export function figuresSaid(text: string): string[] {
  return [
    ...significantDigits(text),
    ...shorthandPairs(text).flatMap(([high, low]) => significantDigits(String(high * 100 + low))),
  ];
}

/** True when the sentence repeats, in other words, a figure its speaker said in the sentence just before. */
export function restatesFigure(sentence: Sentence, sentences: Sentence[], write: (text: string) => string): boolean {
  const before = sentences[sentence.index - 1];
  if (!before || before.speaker !== sentence.speaker) return false;
  const now = significantDigits(write(sentence.text));
  if (now.length === 0) return false;
  const earlier = new Set([...significantDigits(write(before.text)), ...figuresSaid(before.text)]);
  return now.some((digits) => earlier.has(digits)) && write(before.text) !== write(sentence.text);
}
