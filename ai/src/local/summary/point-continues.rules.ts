// A key point that states a figure takes in the sentence its speaker says right after it when that sentence goes on
// about the same thing with a figure of its own: the second item of a pair ("The lower unit rents for 900. The upper
// is 950."), the figure made exact or brought up to date ("It's 4,000 a month. Sorry, it went up, 4,300 now."), the
// other half of a split. Notes put such a pair on one line; two lines would spend two of the ten places on one thing.
// The speaker, the figures and the length are checked by continuePoint; the table says which sentences go on.

import { firstMatch, ruleTable } from "../../language/rules";

/** Words a continuing sentence has at most: a short item of a pair, not a new topic. */
export const MAX_CONTINUATION_WORDS = 16;

export type ContinuationEffect = "continues" | "new-topic";

export const pointContinues = ruleTable<ContinuationEffect>({
  id: "notes.point-continues",
  description:
    "Whether the sentence its speaker says right after a figure's key point goes on about the same thing (the point " +
    "takes it in) or opens something else.",
  combine:
    "The first rule that matches decides. Checked only on a short sentence (at most 16 words) by the same speaker " +
    "that states a figure, after a point that states one.",
  rules: [
    {
      id: "question",
      matches: "a question: it asks, and is answered apart",
      pattern: /\?["')]*$/,
      effect: "new-topic",
      examples: [{ text: "And the other one, 900 too?", expect: true }],
    },
    {
      id: "turns-to-something-else",
      matches: "a sentence that turns to something else (now, next, moving on, another thing, by the way)",
      pattern:
        /^(?:now|next|okay|ok|so now|moving on|another thing|one more thing|by the way|separately|on a different note)\b/i,
      effect: "new-topic",
      examples: [
        { text: "Now, the car loan is 12,000.", expect: true },
        { text: "Next, the boat, 30,000.", expect: true },
        { text: "Nowhere near 5%.", expect: false },
      ],
    },
    {
      id: "correction",
      matches: "a correction of the figure just said (sorry, no, actually, I mean, wait)",
      pattern: /^(?:sorry|no|actually|i mean|wait|correction|well, no)\b/i,
      effect: "continues",
      examples: [
        { text: "Sorry, no, it went up. It's 4,300 now.", expect: true },
        { text: "Actually it's closer to 12,500.", expect: true },
        { text: "Sorry, no, it went up.", expect: true, note: "before its figure: the figure said next goes with it" },
      ],
    },
    {
      id: "other-item",
      matches: "the other item of a pair or a list (the other, the upper, the second, plus, each)",
      pattern: /^(?:plus|the other|the (?:upper|lower|first|second|older|younger)|each)\b/i,
      effect: "continues",
      examples: [
        { text: "The upper is 950.", expect: true },
        { text: "Plus 200 a month for parking.", expect: true },
        { text: "The house is worth 500,000.", expect: false },
      ],
    },
    {
      id: "figure-alone",
      matches: "a figure with a few words (at most six), opening on the figure or a hedge: the figure made exact",
      pattern: (text) =>
        text.split(/\s+/).length <= 6 &&
        /^(?:about |around |roughly |maybe |say |call it |closer to |more like |at |exactly |precisely )?[$€£]?\d/i.test(
          text,
        ),
      effect: "continues",
      examples: [
        { text: "About 1,200 of it.", expect: true },
        { text: "The car, 12,000.", expect: false, note: "a new item, not the figure made exact" },
        { text: "That's 1,200 a month after the fees and the tax.", expect: false },
      ],
    },
  ],
});

/** True when the sentence goes on about the figure of the point before it (see the table). */
export function continuesPoint(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.split(/\s+/).length > MAX_CONTINUATION_WORDS) return false;
  return firstMatch(pointContinues, trimmed)?.rule.effect === "continues";
}

/**
 * True when a short sentence without a figure opens a correction ("Sorry, no, it went up."): the figure its speaker
 * says next is the corrected one, and goes with it.
 */
export function opensCorrection(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.split(/\s+/).length > 6) return false;
  const hit = firstMatch(pointContinues, trimmed);
  return hit?.rule.id === "correction";
}
