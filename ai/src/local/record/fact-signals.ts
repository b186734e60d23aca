// What makes a sentence a fact worth a key point: figures as notes write them, numbers read out to be written down,
// and who takes which role in a plan. Each pattern starts only at a word boundary, so each runs in linear time.

import { isPlanOrFormNumber } from "../../language/lexicon";
import type { Sentence } from "../../language/sentences";

export const QUESTION_END = /\?["')]*$/;
// "$75,000", "60%", "1.25 million", "1998", "612-555-0100": a figure worth writing down (not "2 of them").
const CONCRETE_FIGURE = /[$€£]?\b\d[\d,.-]*\d(?:%| million| billion)?|[$€£]\d|\b\d%/g;
// A number read out to be written down: a phone, account, policy or reference number ("612-555-0148", "TL-80317-H").
const IDENTIFIER = /\b(?:[A-Z]{1,4}-?\d{5,}(?:-[\dA-Z]+){0,3}|\d{2,}(?:-[\dA-Z]{2,}){1,3})\b/;
// Who takes which role in a plan ("Carmen as guardian, Patrick as trustee", "Karin is the primary agent"): facts an
// adviser writes down as surely as a figure.
const ROLE_ASSIGNMENT =
  /\b\p{Lu}\p{Ll}+\s+(?:is|as|to be|will be|would be)\s+(?:the\s+|our\s+|her\s+|his\s+)?(?:backup\s+|successor\s+|alternate\s+|primary\s+|contingent\s+|co-)?(?:guardian|trustee|executor|personal representative|agent|beneficiary|health care agent)\b/gu;

// How an asset is held or a return is filed ("as joint tenants", "married filing jointly", "per stirpes"): a fact a
// plan rests on, said without a figure.
const HOLDING_TERM =
  /\b(?:joint tenants?|tenants in common|tenancy by the entirety|community property|transfer[- ]on[- ]death|payable[- ]on[- ]death|married filing (?:jointly|separately)|head of household|per stirpes|per capita|sole (?:owner|name))\b/gi;
// Who receives what ("I'd like them to go to Ines", "she left the ring to Dora", "a gift of the piano to Theo"): a
// gift an adviser writes down with its recipient. At most three words lie between the verb and "to" (a bounded
// repeat, so the step stays linear); travel ("going to Denver", "went to Boston") is left out.
const GIFT_TO_PERSON =
  /\b(?:go|goes|left|leave|leaves|leaving|give|gives|giving|given|gift of|bequest of)\s+(?:[\p{L}'’]+\s+){0,3}?to\s+\p{Lu}\p{Ll}+\b/gu;

/** Figures in a sentence as written in the notes ("$75,000", "60%", "1998"), not plan or form names ("the 457"). */
export function countFigures(text: string): number {
  let count = 0;
  for (const match of text.matchAll(CONCRETE_FIGURE)) {
    const after = text.charAt(match.index + match[0].length);
    if (isPlanOrFormNumber(match[0]) && after !== "%" && !/^[$€£]/.test(match[0])) continue;
    count++;
  }
  return count;
}

/**
 * Figures, plus two for a number read out to be written down, plus one for each role given to someone, each gift to
 * a named person and each way an asset is held or a return filed.
 */
export function countFacts(text: string): number {
  return (
    countFigures(text) +
    (IDENTIFIER.test(text) ? 2 : 0) +
    (text.match(ROLE_ASSIGNMENT)?.length ?? 0) +
    (text.match(GIFT_TO_PERSON)?.length ?? 0) +
    (text.match(HOLDING_TERM)?.length ?? 0)
  );
}

/** Said by someone else, or by anyone where the transcript names no speakers (a caption file): who asked is unknown. */
export const byAnother = (a: Sentence, b: Sentence) => a.speaker !== b.speaker || a.speaker === null;
