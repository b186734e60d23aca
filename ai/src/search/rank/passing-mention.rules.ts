// Where a sentence names a question's subject only as one item of a list ("the pension, the rent and Social
// Security"): a client whose meetings say the subject once, and that way, mentioned it in passing and is not listed
// among the clients who have, do or decided it (kinds/gather-across.ts). The rules read a sentence whose subject
// words are written "§" (rank/subject-match.ts, markSubjectWords), in lower case, each run of spaces one space. Each
// pattern is a fixed run of steps, each word bounded by a space: linear.

import { ruleTable } from "../../language";

export const passingMention = ruleTable({
  id: "across.passing-mention",
  description:
    "A sentence that names the subject of a question across clients as one item joined to another by 'and' or " +
    "'or'. A client whose meetings say the subject in one sentence only, and as such an item, is not listed.",
  combine: "A passing mention when any rule matches.",
  rules: [
    {
      id: "joined-after",
      matches: "the subject after 'and' or 'or' that follows another word (perhaps with one word between)",
      pattern: /(?:^|[^§ ]) (?:and|or) (?:[a-z']+ )?§/,
      effect: "passing",
      examples: [
        { text: "we live on the pension and § § for now", expect: true },
        { text: "the house, the boat, and the § are in the trust", expect: true },
        { text: "§ § starts next year", expect: false, note: "the subject is what the sentence is about" },
        { text: "§ or § planning", expect: false, note: "both sides are the subject's own words" },
      ],
    },
    {
      id: "joined-before",
      matches: "the subject followed by 'and' or 'or' and a word that is not the subject's",
      pattern: /§ (?:and|or) (?!(?:[a-z']+ )?§)[a-z]/,
      effect: "passing",
      examples: [
        { text: "that covers § § and medicare, both halves", expect: true },
        { text: "we set up the § last spring", expect: false },
        { text: "the § and the § are both open", expect: false, note: "the subject on both sides" },
      ],
    },
  ],
});
