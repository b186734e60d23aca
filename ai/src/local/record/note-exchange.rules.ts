// What a question asks about ("What's the rent on the studio?" → "rent on the studio"): the subject of the figure
// that answers it, and of a question the meeting left open. Each rule is anchored at the start of the question and
// reads a bounded run: linear. The rules are a rule table (../../language/rules.ts): their examples are their tests
// and their docs/rules.md entry.

import { alternation, DISCOURSE_MARKERS, FILLER_SOUNDS, fillerSource, lexiconRegExp } from "../../language";
import { type Rule, ruleTable } from "../../language/rules";

/** Words a reply opens with beyond the lexicon's discourse markers and filler sounds ("No, …", "Good question."). */
const REPLY_OPENERS = ["no", "nope", "about that", "good question"];
/** Determiners and possessives a question's topic opens with ("the mortgage", "your pension"): dropped from it. */
const TOPIC_DETERMINERS = ["the", "your", "their", "his", "her", "our", "my", "that", "this"];

/** One word a question or reply may open with and that says nothing ("And", "So,", "Um"): dropped in a loop. */
const OPENING_WORD = lexiconRegExp(
  `^(?:${alternation([...DISCOURSE_MARKERS, ...REPLY_OPENERS])}|${fillerSource(FILLER_SOUNDS)})\\b[,.!]?\\s*`,
  "i",
);
/** Opening words dropped at most (each drop is one anchored match). */
const MAX_OPENING_WORDS = 6;

/** The text without the words it opens with that say nothing. */
function withoutOpeningWords(text: string): string {
  let rest = text.trim();
  for (let i = 0; i < MAX_OPENING_WORDS; i++) {
    const match = OPENING_WORD.exec(rest);
    if (!match || match[0].length === 0) break;
    rest = rest.slice(match[0].length);
  }
  return rest;
}
// "the", "your": a determiner opening a topic; "worth", "now": a word closing a question, not the topic's.
const DETERMINER = lexiconRegExp(`^${alternation(TOPIC_DETERMINERS)}\\s`, "i");
const TAIL =
  /(?<![\s,])[\s,]+(?:worth|now|today|these days|right now|at the moment|currently|again|exactly|roughly|about|then)$/i;
/** Closing words dropped at most ("worth, roughly"). */
const MAX_TAIL_WORDS = 3;
/** Characters a topic has at most. */
const MAX_TOPIC_CHARACTERS = 80;

/** What a topic rule does: read the topic, of at most `maxWords` words. */
export interface TopicEffect {
  maxWords: number;
}

export const questionTopics = ruleTable<TopicEffect, string | null>({
  id: "notes.question-topics",
  description: 'What a question asks about, so its answer can be noted after it ("Mortgage balance 312,000").',
  combine: "The first rule that reads a topic with no clause of its own; none: the question is kept whole.",
  apply: (rule, text) => topicBy(rule, text),
  rules: [
    {
      id: "what-is-the-topic",
      matches: '"What\'s the X?", "How much is the X?" ask for the X.',
      pattern: lexiconRegExp("^(?:what|how much)(?:['’]s|\\s+is|\\s+was|\\s+are|\\s+were)\\s([^?]+)\\?$", "i"),
      effect: { maxWords: 12 },
      examples: [
        { text: "What's the rent on the studio?", expect: "rent on the studio" },
        { text: "And how much is your car loan now?", expect: "car loan" },
        { text: "How much is the boat worth, roughly?", expect: "boat" },
      ],
    },
    {
      id: "how-much-for-the-topic",
      matches: '"How much do you pay for the X?" asks for the X.',
      pattern: lexiconRegExp(
        "^how much (?:do|does|did|will|would) (?:you|they|he|she|we|it) (?:pay|spend|owe|get|cost|charge|earn|make|put in|take out)(?: (?:for|on|in|from|out of|into))? ([^?]+)\\?$",
        "i",
      ),
      effect: { maxWords: 10 },
      examples: [{ text: "How much do you spend on groceries?", expect: "groceries" }],
    },
    {
      id: "bare-topic",
      matches: 'A question that is only a noun phrase ("The mortgage balance?", "And the boat?") asks for it.',
      pattern: lexiconRegExp("^(?:(?:what|how) about\\s)?([^?]+)\\?$", "i"),
      effect: { maxWords: 6 },
      examples: [
        { text: "The mortgage balance?", expect: "mortgage balance" },
        { text: "And what about the boat?", expect: "boat" },
      ],
    },
  ],
});

// A topic with a subject or verb of its own is a question, not a noun phrase ("Did you sign it?").
const CLAUSE_WORD =
  /\b(?:what|how|why|when|where|who|which|anything|something|everything|else|i|we|you|he|she|they|it|is|are|was|were|am|be|do|does|did|can|could|will|would|should|shall|have|has|had|may|might|must|there|going|think|want|need|know|get|got)\b|['’](?:s|re|ve|ll|d|m)\b|n['’]t\b/i;

/** The topic a question asks about, or null when none of the rules reads it. */
export function topicOf(question: string): string | null {
  for (const rule of questionTopics.rules) {
    const topic = topicBy(rule, question);
    if (topic) return topic;
  }
  return null;
}

/** The topic one rule reads in the question, or null. */
function topicBy(rule: Rule<TopicEffect, string | null>, question: string): string | null {
  const read = (rule.pattern as RegExp).exec(withoutOpeningWords(question))?.[1];
  if (!read || read.length > MAX_TOPIC_CHARACTERS * 2) return null;
  let topic = read.trim().replace(DETERMINER, "");
  for (let i = 0; i < MAX_TAIL_WORDS; i++) topic = topic.replace(TAIL, "");
  topic = topic.trim();
  const words = topic.split(/\s+/).length;
  if (topic.length < 2 || topic.length > MAX_TOPIC_CHARACTERS || words > rule.effect.maxWords) return null;
  return CLAUSE_WORD.test(topic) ? null : topic;
}
