// Who takes which role in a plan: a trustee, an executor, a guardian, an agent under a power of attorney. An adviser
// writes these down as surely as a figure ("Successor trustee: Dana."). Two rows: the person named before the role
// ("Dana as successor trustee", "Sam and Kit are co-trustees") and after it ("the executor will be Dana"). Bounded
// alternations on single words: linear. Whether the words are a person's name is checked by the reader.

import { ruleTable } from "../../language/rules";

const ROLE =
  "co-trustees?|successor trustee|backup trustee|trustee|co-executors?|executor|personal representative|backup guardian|guardian|conservator|health care agent|primary agent|backup agent|attorney-in-fact";

export const roles = ruleTable<{ nameFirst: boolean }>({
  id: "record.roles",
  description: "Who takes which role in a plan (trustee, executor, guardian, agent), read as a fact of the record.",
  combine: "Every row is read over each sentence; a role with a name that is no person's is dropped by the reader.",
  rules: [
    {
      id: "name-then-role",
      matches: "a name, then 'is', 'as', 'will be', 'becomes' and the role",
      pattern: new RegExp(
        `\\b(?<who>\\p{Lu}\\p{Ll}+(?: \\p{Lu}\\p{Ll}+)?(?: and \\p{Lu}\\p{Ll}+)?),? (?:is|are|as|will be|would be|becomes|become|to be|stays|remains|serves as|serve as) (?:the |our |her |his |their |a |an |your )?(?<role>${ROLE})\\b`,
        "gu",
      ),
      effect: { nameFirst: true },
      examples: [
        { text: "We'd have Dana as successor trustee.", expect: "Dana as successor trustee" },
        { text: "Sam and Kit are co-trustees.", expect: "Sam and Kit are co-trustees" },
        { text: "The trustee pays the bills.", expect: false },
      ],
    },
    {
      id: "role-then-name",
      matches: "the role, then 'is', 'will be', 'would be' and a name",
      pattern: new RegExp(
        `\\b(?<role>${ROLE}) (?:is|will be|would be|should be|stays|remains) (?<who>\\p{Lu}\\p{Ll}+(?: \\p{Lu}\\p{Ll}+)?(?: and \\p{Lu}\\p{Ll}+)?)\\b`,
        "gu",
      ),
      effect: { nameFirst: false },
      examples: [
        { text: "and the executor will be Dana, her sister", expect: "executor will be Dana" },
        { text: "the guardian is important", expect: false },
      ],
    },
  ],
});
