// How much a figure sentence is worth as a key point, from the kind of speech it is, beyond how many figures it says:
// the rules and their weights are the table in fact-weight.rules.ts (listed in docs/rules.md).

import { productOfWeights, ruleById } from "../../language/rules";
import { factKinds, HYPOTHETICAL, MONEY } from "./fact-weight.rules";

/** The weight of money over other figures (also given to an amount said as a pair of number words). */
export const MONEY_WEIGHT = ruleById(factKinds, "money-or-written-fact").weight ?? 1;

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
