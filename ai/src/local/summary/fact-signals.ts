// What makes a sentence a fact worth a key point: figures as notes write them, numbers read out to be written down,
// and who takes which role in a plan. Each pattern starts only at a word boundary, so each runs in linear time.

// "$75,000", "60%", "1.25 million", "1998", "612-555-0100": a figure worth writing down (not "2 of them").
const CONCRETE_FIGURE = /[$€£]?\b\d[\d,.-]*\d(?:%| million| billion)?|[$€£]\d|\b\d%/g;
// A number read out to be written down: a phone, account, policy or reference number ("612-555-0148", "TL-80317-H").
const IDENTIFIER = /\b(?:[A-Z]{1,4}-?)?\d{2,}(?:-[\dA-Z]{2,}){1,3}\b/;
// Who takes which role in a plan ("Carmen as guardian, Patrick as trustee", "Karin is the primary agent"): facts an
// adviser writes down as surely as a figure.
const ROLE_ASSIGNMENT =
  /\b\p{Lu}\p{Ll}+\s+(?:is|as|will be|would be)\s+(?:the\s+|our\s+|her\s+|his\s+)?(?:backup\s+|successor\s+|alternate\s+|primary\s+|contingent\s+|co-)?(?:guardian|trustee|executor|personal representative|agent|beneficiary|health care agent)\b/gu;

/** Figures in a sentence as written in the notes ("$75,000", "60%", "1998"). */
export function countFigures(text: string): number {
  return text.match(CONCRETE_FIGURE)?.length ?? 0;
}

/** Figures, plus two for a number read out to be written down, plus one for each role given to someone. */
export function countFacts(text: string): number {
  return countFigures(text) + (IDENTIFIER.test(text) ? 2 : 0) + (text.match(ROLE_ASSIGNMENT)?.length ?? 0);
}
