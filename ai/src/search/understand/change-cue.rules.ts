// Questions that ask how something changed without the word "change": a state at the start set against the state
// today ("what did we first agree on the budget, and where is it now?"). Read over the question in lower case. Each
// pattern is a flat alternation of lexicon words between word boundaries, tried once each: linear.

import { alternation, EARLIER_STATE_WORDS, lexiconRegExp, PRESENT_STATE_WORDS, ruleTable } from "../../language";

const EARLIER = lexiconRegExp(`\\b(?:${alternation(EARLIER_STATE_WORDS)})\\b`, "i");
const PRESENT = lexiconRegExp(`\\b(?:${alternation(PRESENT_STATE_WORDS)})\\b`, "i");

/** The earlier-state words, then a present-state word after them: the span from one to the other. */
function thenAndNow(text: string): string | null {
  const earlier = EARLIER.exec(text);
  if (!earlier) return null;
  const rest = text.slice(earlier.index + earlier[0].length);
  const present = PRESENT.exec(rest);
  return present
    ? text.slice(earlier.index, earlier.index + earlier[0].length + present.index + present[0].length)
    : null;
}

export const changeCues = ruleTable({
  id: "understand.change-cues",
  description:
    "A question about change that does not say 'change': it names a state at the start and asks for the state " +
    "today. Planned as what changed over the client's meetings (kinds/what-changed.ts).",
  combine: "A question about change when any rule matches.",
  rules: [
    {
      id: "then-and-now",
      matches:
        "an earlier-state word (originally, at first, initially) and later a present-state word (now, currently)",
      pattern: thenAndNow,
      effect: "changes",
      examples: [
        {
          text: "what budget did we originally set for the kitchen, and what is it now?",
          expect: "originally set for the kitchen, and what is it now",
        },
        { text: "at first they wanted a lump sum; what do they want currently?", expect: true },
        { text: "what is the balance now?", expect: false, note: "the present alone asks a fact, not a change" },
        { text: "now, what did we originally plan?", expect: false, note: "the present must come after the start" },
      ],
    },
  ],
});
