// When a note is made of several spoken sentences (a figure and what leads up to it, a question and its answer),
// some of them add nothing to a reader: the figure said again in other words ("…340,000. $340,000.", "…40,000.
// 40 grand.") or a hedge standing alone ("Something like that."). Speech repeats itself for a listener; notes do not.

import { alternation, CURRENCY_WORDS, NUMBER_SCALES } from "../../language/lexicon";
import { lexiconRegExp } from "../../language/patterns";
import { firstMatch, ruleTable } from "../../language/rules";

const SCALE_WORDS = [...Object.keys(NUMBER_SCALES), "grand", "k", "m"];

/** A sentence that is a figure and nothing else: an optional hedge word, the amount, its unit. */
const ONLY_A_FIGURE = lexiconRegExp(
  `^(?:about |around |roughly |maybe |so |say |call it )?[$€£]?\\d[\\d,]*(?:\\.\\d+)?\\s?(?:${alternation(SCALE_WORDS)}|%|percent)?(?: ${alternation(CURRENCY_WORDS)})?[.!]?$`,
  "i",
);

/** A hedge standing alone: it qualifies the figure before it and says nothing a note needs. */
const ONLY_A_HEDGE =
  /^(?:something like that|give or take|more or less|roughly|ballpark|or so|about that|around that|close to it|if that)[.!]?$/i;

export type NoteJoinEffect = "drop-if-figure-said" | "drop";

export const noteJoins = ruleTable<NoteJoinEffect>({
  id: "notes.join-sentences",
  description:
    "Sentences after the first of a note that add nothing: a figure already given in the note, said again in other " +
    "words, and a hedge standing alone.",
  combine: "The first rule that matches a later sentence of the note decides; the note's first sentence always stays.",
  rules: [
    {
      id: "figure-said-again",
      matches: "A sentence that is only a figure (with a unit or a hedge word); dropped when the note holds its value.",
      pattern: ONLY_A_FIGURE,
      effect: "drop-if-figure-said",
      examples: [
        { text: "$52,000.", expect: true },
        { text: "About 18 grand.", expect: true },
        { text: "3.5 million dollars.", expect: true },
        { text: "The roof quote is 18,000.", expect: false, note: "says what the figure is: a fact of its own" },
      ],
    },
    {
      id: "hedge-alone",
      matches: "A hedge as a sentence of its own.",
      pattern: ONLY_A_HEDGE,
      effect: "drop",
      examples: [
        { text: "Something like that.", expect: true },
        { text: "Give or take.", expect: true },
        { text: "Something like that would work for us.", expect: false },
      ],
    },
  ],
});

const SCALE_VALUES: Readonly<Record<string, number>> = { ...NUMBER_SCALES, grand: 1e3, k: 1e3, m: 1e6 };
const AMOUNT = /(\d[\d,]*(?:\.\d+)?)(?:\s?(thousand|million|billion|grand|k|m)\b)?/gi;

/** The amounts a text states, as values: "$340,000" and "340 grand" both give 340000. */
export function amountsIn(text: string): number[] {
  const values: number[] = [];
  for (const match of text.matchAll(AMOUNT)) {
    const number = Number(match[1]!.replace(/,/g, ""));
    if (!Number.isFinite(number)) continue;
    values.push(number * (match[2] ? (SCALE_VALUES[match[2].toLowerCase()] ?? 1) : 1));
  }
  return values;
}

/** The note's sentences without those that add nothing (see the table); the first always stays. */
export function withoutRepeats(sentences: readonly string[]): string[] {
  const kept: string[] = [];
  const said = new Set<number>();
  for (const [i, sentence] of sentences.entries()) {
    const rule = i === 0 ? null : firstMatch(noteJoins, sentence.trim());
    const repeats =
      rule?.rule.effect === "drop" ||
      (rule?.rule.effect === "drop-if-figure-said" && amountsIn(sentence).every((value) => said.has(value)));
    if (repeats) continue;
    kept.push(sentence);
    for (const value of amountsIn(sentence)) said.add(value);
  }
  return kept;
}
