// A question and its answer become one note: "The mortgage balance?" / "312,000 at 2.9%." → "Mortgage balance
// 312,000 at 2.9%". The question gives the topic (a rule table like note-rules.rules.ts, tested on its examples); the
// answer loses its reply openers ("Yeah, so…") and the "it's" that points back at the question. A question no rule
// reads is kept whole before its answer, both in the notes' voice. Each rule is anchored at the start of the
// question or answer and reads a bounded run: linear. The topic rules are a rule table (../../language/rules.ts):
// their examples are their tests and their docs/rules.md entry.

import { alternation, DISCOURSE_MARKERS, FILLER_SOUNDS, fillerSource, lexiconRegExp } from "../../language";
import { type Rule, ruleTable } from "../../language/rules";
import { REPLY_OPENERS, TOPIC_DETERMINERS } from "./note-words";

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
const TAIL = /(?<!\s)\s+(?:worth|now|today|these days|right now|at the moment|currently|again|exactly|roughly|then)$/i;
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
  const topic = read.trim().replace(DETERMINER, "").replace(TAIL, "").trim();
  const words = topic.split(/\s+/).length;
  if (topic.length < 2 || topic.length > MAX_TOPIC_CHARACTERS || words > rule.effect.maxWords) return null;
  return CLAUSE_WORD.test(topic) ? null : topic;
}

// "It's about 9,500.", "That was 2019.": the subject stands for what was asked.
const POINTING_SUBJECT =
  /^(?:it|that|this|they|those)(?:['’]s|['’]re|\s+(?:is|was|are|were|would be|will be|should be|comes to|came to|runs|ran))\s+/i;
/** A reply's first words when they start a figure: joined to the topic without a colon. */
const FIGURE_START = /^(?:[$€£]?\d|about\b|around\b|roughly\b|nearly\b|almost\b|just (?:under|over)\b|over\b|under\b)/i;

/** The answer without what only joins it to the question; null when nothing is left. */
export function answerCore(answer: string): string | null {
  const core = withoutOpeningWords(answer).replace(POINTING_SUBJECT, "").trim();
  return core.length > 0 ? core : null;
}

/** "Mortgage balance 312,000 at 2.9%." from a topic and the answer's core. */
export function joinTopic(topic: string, core: string, speakerWords: ReadonlySet<string>): string {
  const head = topic.charAt(0).toUpperCase() + topic.slice(1);
  const body = core.replace(/(?<![.!])[.!]+$/, "");
  // A topic that is only someone's name would read as "Name: …": the speaker-labelled line notes avoid.
  const onlyNames = topic
    .toLowerCase()
    .split(/\s+/)
    .every((word) => speakerWords.has(word));
  const joint = FIGURE_START.test(body) ? " " : onlyNames ? " — " : ": ";
  return `${head}${joint}${lowerFirst(body)}.`;
}

/** "The" → "the"; "IRA" and names stay. */
function lowerFirst(text: string): string {
  const first = text.split(/\s+/)[0] ?? "";
  return /^(?:The|A|An|It|That|This|Just|About|Around|Roughly|Over|Under|Nearly|Almost)$/.test(first)
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text;
}
