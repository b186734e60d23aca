// Figures a speaker marks as the ones to write down, by how they say them:
//   - made precise ("About eleven hundred. Eleven hundred and twelve, to be exact.", "Let me be precise, it's…");
//   - a total of what was listed ("So all in, we're at about 2.4 million.", "Together that's 11,300 a year.").
// Each pattern is a plain alternation from a word boundary, so each runs in linear time.

const PRECISE = /\b(?:to be (?:exact|precise)|let me be (?:exact|precise)|precisely|exactly)\b/i;
const TOTAL =
  /\b(?:all in|all told|in total|in all|altogether|all together|together (?:that's|that is|it's|it is|they're|we're)|combined|the total|total(?:s|ing)? (?:is|of|about|around|comes))\b/i;
const FIGURE = /\d/;

/** True when the sentence gives a figure and marks it as exact or as a total. */
export function isNotedFigure(writtenText: string): boolean {
  return FIGURE.test(writtenText) && (PRECISE.test(writtenText) || TOTAL.test(writtenText));
}
