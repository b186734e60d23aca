// The features the key-fact scorer reads from one sentence, computed the way the notes engine weighs a key point:
// the sentence as the notes write it (fillers gone, figures as digits), or a bare figure quoted with the question it
// answers; how many facts it states (fact-signals.ts); and which rules of the fact-kinds table match (fact-weight).
// The fitting script (bun run fit) labels sentences with these and fits the table's weights on them.

import { matchingRules } from "../../../language/rules";
import { isSmallTalk, plainSentence, type Sentence } from "../../../language/sentences";
import { countFacts } from "../fact-signals";
import { factKinds } from "../fact-weight.rules";
import { isBareFigure, referentChain } from "../figure-referent";
import { writeNumbersAsFigures } from "../spoken-numbers";

/** A figure as the notes write it: digits or a currency sign. */
const FIGURE = /[\d$€£]/;

export interface KeyFactFeatures {
  /** The sentence as the notes write it. */
  written: string;
  /** What the notes weigh: the written sentence, or a bare answer quoted with its question. */
  weighed: string;
  /** Facts the written sentence states (figures, numbers to write down, roles, gifts, holdings). */
  facts: number;
  /**
   * The sentence states a fact or writes a figure: a key-point candidate for its facts, the sentences whose weight
   * the fact-kinds table sets (others reach the key points only as decisions, questions or life events).
   */
  figured: boolean;
  /** 1 for each rule of the fact-kinds table that matches the weighed text, by rule id. */
  rules: Record<string, 0 | 1>;
}

/** The features of one sentence of a meeting, or null for small talk and sentences with nothing left to write. */
export function keyFactFeatures(sentence: Sentence, sentences: Sentence[]): KeyFactFeatures | null {
  if (isSmallTalk(sentence.text)) return null;
  const written = writeNumbersAsFigures(plainSentence(sentence.text));
  if (!written) return null;
  // A bare figure is weighed with the sentences that say what it is (the question it answers), as the notes join them.
  const chain = isBareFigure(written) ? referentChain(sentence, sentences) : null;
  const weighed = chain ? chain.map((said) => writeNumbersAsFigures(plainSentence(said.text))).join(" ") : written;
  const matched = new Set(matchingRules(factKinds, weighed).map((rule) => rule.id));
  const rules = Object.fromEntries(factKinds.rules.map((rule) => [rule.id, matched.has(rule.id) ? 1 : 0]));
  const facts = countFacts(written);
  return { written, weighed, facts, figured: facts > 0 || FIGURE.test(written), rules: rules as Record<string, 0 | 1> };
}
