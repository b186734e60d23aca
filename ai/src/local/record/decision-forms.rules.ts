// A decision as the notes state it: the choice, not the sentence that made it. "We're going with the hybrid
// policy." → "the hybrid policy"; "We're not filing the petition for now." → "not to file the petition for now";
// "We won't sell the boat." → "not to sell the boat". The first rule whose pattern matches the decision (as
// find-decisions.ts cleaned it) gives the form; a decision no rule reads and that speaks as "I", "we" or "you" is
// not written. Each pattern is anchored and reads one run of words: linear.

import { firstMatch, type Rule, ruleTable } from "../../language/rules";
import { withoutEndMarks } from "./sentence-forms";
import { gerundBase } from "./word-kinds";

export type DecisionForm = "choice" | "action" | "against" | "not-to" | "as-said";

const PERSON_WORDS = /\b(?:i|i'm|i'll|me|my|we|we're|we'll|us|you|you're|you'll|your)\b/i;
const POSSESSIVES = /\b(?:our|your|my|their)\b/gi;
// A clause that leans on another ("Once she is appointed…", "Here's the wrinkle."): no choice said.
const NOT_A_CHOICE = /^(?:here's|here is|there's|once|if|when|while|because|since|so|but|and|which|that's|it's)\b/i;
// A choice that ends on a word pointing back ("against giving up on it", "not to do that") says nothing read alone:
// the notes and the e-mail are read without the sentence before.
const POINTS_BACK_AT_END = /\b(?:it|them|that|this|those|these)$/i;
/** Words a decision keeps at most; a longer one is an argument, not a decision. */
const MAX_WORDS = 18;

export const decisionForms = ruleTable<DecisionForm, string | null>({
  id: "record.decision-forms",
  description: "How a decision is stated in the notes: the choice it made, without who said it.",
  combine: "The first matching rule; its capture is the choice.",
  rules: [
    {
      id: "going-with",
      matches: "we're going with / let's go with / we decided on / we settled on X",
      pattern:
        /^(?:so |okay,? |then )?(?:we(?:'re| are) going with|we(?:'ll| will) go with|let's go with|go with|we(?:'ve| have)? decided on|we(?:'re| are) (?:agreed|settled) on|we settled on|the decision is)\s(.+)$/i,
      effect: "choice",
      examples: [
        { text: "We're going with the ten-year term.", expect: "the ten-year term" },
        {
          text: "We're going with two million, twenty-year term, with Acme.",
          expect: "two million, twenty-year term, with Acme",
        },
      ],
    },
    {
      id: "will-not",
      matches: "we won't / we're not going to X",
      pattern: /^(?:so |okay,? |then )?we(?:(?:'re| are) not going to| won't| will not| don't)\s+(\w+\b.*)$/i,
      effect: "not-to",
      examples: [{ text: "We won't touch the pension.", expect: "not to touch the pension" }],
    },
    {
      id: "not-doing",
      matches: "we're not X-ing Y",
      pattern: /^(?:so |okay,? |then )?we(?:'re| are) not (?:going to be )?(\w+ing\b.*)$/i,
      effect: "against",
      examples: [{ text: "We're not selling the rental this year.", expect: "not to sell the rental this year" }],
    },
    {
      id: "decided-that",
      matches: "we decided (that) / we're agreed: X, a choice said as a clause",
      pattern:
        /^(?:so |okay,? |then )?(?:we(?:'ve| have)? (?:decided|agreed)(?: that)?|we(?:'re| are) (?:all )?agreed(?: that)?:?)\s+(?!to\b|on\b|with\b)(\w+\b.*)$/i,
      effect: "choice",
      examples: [
        {
          text: "We decided the sale proceeds go to the care account first.",
          expect: "the sale proceeds go to the care account first",
        },
        { text: "So we're agreed: the trailer gets sold this summer.", expect: "the trailer gets sold this summer" },
        { text: "We decided that Mira keeps the car.", expect: "Mira keeps the car" },
      ],
    },
    {
      id: "decided-to",
      matches: "we decided to / we're going to / we'll / let's X, or a recap's 'we keep / sell / wait …' as it stands",
      pattern:
        /^(?:so |okay,? |then )?(?:we(?:'ve| have)? decided to|we(?:'re| are) going to|we(?:'ll| will)|let's|we(?:'re| are)|we(?=\s+(?:keep|hold|leave|sell|buy|wait|file|open|close|move|use|sign|roll|convert|pay|put|start|stop|skip|hire|stay)\b))\s+(\w+\b.*)$/i,
      effect: "action",
      examples: [
        { text: "We'll keep the umbrella policy.", expect: "keep the umbrella policy" },
        { text: "We're making the 645 election.", expect: "make the 645 election" },
        { text: "We're keeping the cabin and renting it out.", expect: "keep the cabin and rent it out" },
        { text: "We hold the muni bonds to maturity.", expect: "hold the muni bonds to maturity" },
      ],
    },
    {
      id: "as-said",
      matches: "a decision that names no one (a recap's item)",
      pattern: (text) => (PERSON_WORDS.test(text) || NOT_A_CHOICE.test(text) ? null : withoutEndMarks(text, ".!")),
      effect: "as-said",
      examples: [
        { text: "No estate return this year.", expect: "No estate return this year" },
        { text: "I think we wait.", expect: false },
        { text: "Once the deed is recorded.", expect: false },
      ],
    },
  ],
  apply: (rule, text) => choiceBy(rule, text),
});

function choiceBy(rule: Rule<DecisionForm, string | null>, text: string): string | null {
  const plain = withoutEndMarks(text, ".!");
  const read =
    typeof rule.pattern === "function"
      ? (rule.pattern(plain) as string | null)
      : (rule.pattern.exec(plain)?.[1] ?? null);
  if (!read) return null;
  const choice = choiceClause(read).replace(POSSESSIVES, "the").replace(/\s+/g, " ").trim();
  const words = choice.split(" ");
  if (words.length < 2 || words.length > MAX_WORDS || PERSON_WORDS.test(choice) || POINTS_BACK_AT_END.test(choice))
    return null;
  // "we're not racing the look-back", "we're making the election": the verb in its base form, like the decisions
  // beside it ("not to race the look-back", "make the election").
  const [verb = "", ...rest] = words;
  const base = rule.effect === "against" || rule.effect === "action" ? gerundBase(verb) : null;
  // A second verb joined to the first goes with it: "keeping it and fixing the roof" → "keep it and fix the roof".
  const joined = (word: string, k: number) => (rest[k - 1] === "and" ? (gerundBase(word) ?? word) : word);
  const based = base ? [base, ...rest.map(joined)].join(" ") : choice;
  if (rule.effect === "against") return base ? `not to ${based}` : `against ${choice}`;
  if (rule.effect === "not-to") return `not to ${choice}`;
  return based;
}

// Words that open a clause of its own after a comma ("…, it's cheaper", "…, so we save"): the reason, not the choice.
const CLAUSE_OPENER =
  /^(?:i|i'm|i'd|we|we're|you|you're|he|she|they|it|it's|that|that's|there's|this|which|who|so|but|because|since|if|when|and|or|um|uh|okay|right|yeah|well)\b/i;
/** Words an item of the choice holds at most ("1.25 million, ten-year term, with Northbridge"). */
const MAX_ITEM_WORDS = 4;

/**
 * The choice up to its first clause said after a comma: the items after it of two to MAX_ITEM_WORDS words that open
 * no clause of their own are its details ("one point two five million, ten-year term, with Northbridge"); the reason is not.
 */
function choiceClause(read: string): string {
  const [head = "", ...items] = read.split(/\s(?:because|since|so that|which)\s/)[0]!.split(/,\s/);
  const kept = [head];
  let words = head.split(" ").length;
  for (const item of items) {
    const size = item.split(" ").length;
    // One word after a comma is a name called or a nod ("…, Luis", "…, agreed"), not a detail; a figure is one.
    const called = size < 2 && !/^[$\d]/.test(item);
    if (CLAUSE_OPENER.test(item) || called || size > MAX_ITEM_WORDS || words + size > MAX_WORDS) break;
    kept.push(item);
    words += size;
  }
  return kept.join(", ");
}

/** The decision as the notes state it ("not to file the petition for now"), or null when no form writes it. */
export function decisionChoice(text: string): { choice: string; form: DecisionForm } | null {
  const found = firstMatch(decisionForms, withoutEndMarks(text, ".!"));
  if (!found) return null;
  const choice = choiceBy(found.rule, text);
  return choice ? { choice, form: found.rule.effect } : null;
}
