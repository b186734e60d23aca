// "What did I promise Tom?", "what did I agree to do for them?", "my to-dos": the first person is the advisor asking
// (the signed-in user), so the items asked for are the advisor's own (understand/advisor-items.ts). "We" stays the
// firm. Read over the question with straight apostrophes. Flat alternations between word boundaries: linear.

import { ruleTable } from "../../language";

export const ownCommitment = ruleTable({
  id: "understand.own-commitment",
  description:
    "A question asking for the advisor's own commitments: 'I' with a verb of taking something on, or 'my' with a " +
    "word for the items. Its answer lists the advisor's action items (the intent is action items).",
  combine: "The advisor's own items when any rule matches.",
  rules: [
    {
      id: "i-took-on",
      matches: "'I' and a verb of taking something on: promise, commit, owe, agree, offer, volunteer, take on",
      pattern:
        /\bi\s+(?:promise|promised|committed|commit|owe|agree|agreed|offered|volunteered|took\s+on|signed\s+up)\b/i,
      effect: "own",
      examples: [
        { text: "What did I promise the Vargas last week?", expect: "I promise" },
        { text: "What did I agree to do for the Lunds?", expect: true },
        { text: "What did we promise the Vargas?", expect: false, note: "'we' is the firm" },
        { text: "What did Imogen promise to bring?", expect: false },
      ],
    },
    {
      id: "supposed-to",
      matches: "'am I supposed to', 'I'm supposed to'",
      pattern: /\b(?:am\s+i|i\s+am|i'm)\s+supposed\s+to\b/i,
      effect: "own",
      examples: [{ text: "What am I supposed to send the Lunds?", expect: true }],
    },
    {
      id: "my-items",
      matches: "'my' and a word for the items: action items, tasks, to-dos, commitments, follow-ups, promises",
      pattern: /\bmy\s+(?:action\s+items?|tasks?|to-?dos?|commitments?|follow[\s-]?ups?|promises?)\b/i,
      effect: "own",
      examples: [
        { text: "Show me my follow-ups from Tuesday", expect: true },
        { text: "What came out of my last meeting with the Lunds?", expect: false },
      ],
    },
  ],
});
