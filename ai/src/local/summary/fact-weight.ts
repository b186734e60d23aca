// How much a figure sentence is worth as a key point, from the kind of speech it is, beyond how many figures it says:
// the rules and their weights are the table in fact-weight.rules.ts (listed in docs/rules.md).

import { productOfWeights, ruleById } from "../../language/rules";
import { factKinds, HYPOTHETICAL, MONEY } from "./fact-weight.rules";

/** The weight of money over other figures (also given to an amount said as a pair of number words). */
export let MONEY_WEIGHT = ruleById(factKinds, "money-or-written-fact").weight ?? 1;

/**
 * Sets the fact-kinds weights for a run of the fitting script (which writes the notes with each fit's weights), and
 * gives back a function that puts the previous ones back. The engine itself never calls it.
 */
export function setFactKindWeights(weights: Readonly<Record<string, number>>): () => void {
  const saved = factKinds.rules.map((rule) => rule.weight);
  const savedMoney = MONEY_WEIGHT;
  for (const rule of factKinds.rules) rule.weight = weights[rule.id] ?? rule.weight;
  MONEY_WEIGHT = ruleById(factKinds, "money-or-written-fact").weight ?? 1;
  return () => {
    factKinds.rules.forEach((rule, i) => {
      rule.weight = saved[i];
    });
    MONEY_WEIGHT = savedMoney;
  };
}

/** True when the text says an amount of money. */
export function saysMoney(text: string): boolean {
  return MONEY.test(text);
}

/** True when the text sets out a case ("If you retired at 60…") rather than what is so. */
export function isHypothetical(text: string): boolean {
  return HYPOTHETICAL.test(text);
}

/** A multiplier for a key point's weight from the kind of fact its text states (1 when nothing sets it apart). */
export function factWeight(text: string): number {
  return productOfWeights(factKinds, text);
}
