// A question and its answer become one note: "The mortgage balance?" / "312,000 at 2.9%." → "Mortgage balance
// 312,000 at 2.9%". The question gives the topic (a rule table like note-rules.ts, tested on its examples); the
// answer loses its reply openers ("Yeah, so…") and the "it's" that points back at the question. A question no rule
// reads is kept whole before its answer, both in the notes' voice. Each rule is anchored at the start of the
// question or answer and reads a bounded run: linear.

import { REPLY_OPENERS, TOPIC_DETERMINERS } from "./note-words";

export interface TopicRule {
  id: string;
  says: string;
  pattern: RegExp;
  /** The group holding the topic. */
  group: number;
  /** [question, topic] pairs in our own words. */
  examples: [string, string][];
}

const LEAD = "^(?:(?:and|so|now|then|okay|ok|right|and then|alright)[,]?\\s+)*";
const DETERMINER = `(?:(?:${TOPIC_DETERMINERS.join("|")})\\s+)?`;
const TAIL = "(?:\\s+(?:worth|now|today|these days|right now|at the moment|currently|again|exactly|roughly|then))?";

export const TOPIC_RULES: TopicRule[] = [
  {
    id: "what-is-the-topic",
    says: '"What\'s the X?", "How much is the X?" ask for the X.',
    pattern: new RegExp(
      `${LEAD}(?:what|how much)(?:['’]s|\\s+is|\\s+was|\\s+are|\\s+were)\\s+${DETERMINER}([^?]{2,80}?)${TAIL}\\s*\\?$`,
      "i",
    ),
    group: 1,
    examples: [
      ["What's the rent on the studio?", "rent on the studio"],
      ["And how much is your car loan now?", "car loan"],
    ],
  },
  {
    id: "how-much-for-the-topic",
    says: '"How much do you pay for the X?" asks for the X.',
    pattern: new RegExp(
      `${LEAD}how much (?:do|does|did|will|would) (?:you|they|he|she|we|it) (?:pay|spend|owe|get|cost|charge|earn|make|put in|take out)(?:\\s+(?:for|on|in|from|out of|into))?\\s+${DETERMINER}([^?]{2,60}?)${TAIL}\\s*\\?$`,
      "i",
    ),
    group: 1,
    examples: [["How much do you spend on groceries?", "groceries"]],
  },
  {
    id: "bare-topic",
    says: 'A question that is only a noun phrase ("The mortgage balance?", "And the boat?") asks for it.',
    pattern: new RegExp(`${LEAD}(?:(?:what|how) about\\s+)?${DETERMINER}((?:[^\\s?]+\\s+){0,5}[^\\s?]+)\\s*\\?$`, "i"),
    group: 1,
    examples: [
      ["The mortgage balance?", "mortgage balance"],
      ["And what about the boat?", "boat"],
    ],
  },
];

// A topic with a subject or verb of its own is a question, not a noun phrase ("Did you sign it?").
const CLAUSE_WORD =
  /\b(?:what|how|why|when|where|who|which|anything|something|everything|else|i|we|you|he|she|they|it|is|are|was|were|am|be|do|does|did|can|could|will|would|should|shall|have|has|had|may|might|must|there|going|think|want|need|know|get|got)\b|['’](?:s|re|ve|ll|d|m)\b|n['’]t\b/i;

/** The topic a question asks about, or null when none of the rules reads it. */
export function topicOf(question: string): string | null {
  const text = question.trim();
  for (const rule of TOPIC_RULES) {
    const topic = rule.pattern.exec(text)?.[rule.group]?.trim();
    if (topic && !CLAUSE_WORD.test(topic)) return topic;
  }
  return null;
}

const OPENER = new RegExp(`^(?:(?:${REPLY_OPENERS.join("|")})\\b[,.!]?\\s*)+`, "i");
// "It's about 9,500.", "That was 2019.": the subject stands for what was asked.
const POINTING_SUBJECT =
  /^(?:it|that|this|they|those)(?:['’]s|['’]re|\s+(?:is|was|are|were|would be|will be|should be|comes to|came to|runs|ran))\s+/i;
/** A reply's first words when they start a figure: joined to the topic without a colon. */
const FIGURE_START = /^(?:[$€£]?\d|about\b|around\b|roughly\b|nearly\b|almost\b|just (?:under|over)\b|over\b|under\b)/i;

/** The answer without what only joins it to the question; null when nothing is left. */
export function answerCore(answer: string): string | null {
  const core = answer.trim().replace(OPENER, "").replace(POINTING_SUBJECT, "").trim();
  return core.length > 0 ? core : null;
}

/** "Mortgage balance 312,000 at 2.9%." from a topic and the answer's core. */
export function joinTopic(topic: string, core: string, speakerWords: ReadonlySet<string>): string {
  const head = topic.charAt(0).toUpperCase() + topic.slice(1);
  const body = core.replace(/[.!]+$/, "");
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
