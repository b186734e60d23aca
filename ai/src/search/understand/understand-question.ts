import { asksOwnCommitments } from "./advisor-items";
import { matchClients, type NamedClient } from "./match-client";
import { namesIn } from "./names-in-text";
import { type Period, parsePeriod } from "./parse-period";
import { type PersonAsked, personAsked } from "./person-asked";

type Intent = "last_meeting" | "clients_met" | "action_items" | "key_points" | "next_meeting" | "general";

/**
 * What kind of fact answers the question: a person, a date, an amount, a count, a decision or commitment, or a
 * number that names something (a phone, account or policy number).
 */
export type QuestionKind = "who" | "when" | "amount" | "share" | "count" | "decision" | "identifier";

export interface Understood {
  intent: Intent;
  period: Period | undefined;
  clients: NamedClient[];
  /** "the meeting about investment review" → "investment review". */
  topic: string | undefined;
  /** 0 for the latest meeting, 1 for "the one before that", ... */
  offset: number;
  /** The text used for passage retrieval. */
  searchText: string;
  /** The kinds of fact the question asks for (none for an open question). */
  kinds: QuestionKind[];
  /** A follow-up that leans on the conversation ("she", "them", "that meeting", "and the backup?"). */
  followUp?: boolean;
  /** The people and things the question names (capitalised words): never the person asked for. */
  names: string[];
  /** The question asks for the advisor's own commitments ("what did I promise…", "my to-dos"). */
  ownItems: boolean;
  /** "Which clients is Tomás handling?": the person asked about, who speaks in the meetings (person-asked.ts). */
  person?: PersonAsked;
}

export interface HistoryMessage {
  role: "user" | "assistant";
  content: string;
}

/** Questions and history entries are read up to this many characters: a question is a sentence or two. */
export const MAX_UNDERSTOOD_CHARS = 1000;

/**
 * "meeting about", "calls regarding", "session re:": where a topic is introduced. The topic itself is taken by
 * `findTopic` with string scanning; as one regex (`...\s+(?:the\s+|...)?(.+?)[?.!]*$`) it backtracked
 * quadratically (or worse) over every start position on a long line ending in punctuation and a newline.
 */
const TOPIC_LEAD =
  /\b(?:meeting|call|session|review|conversation)s?\s+(?:about|on|regarding|concerning|re:?|covering)(?=\s)/gi;
const ARTICLE = /^(?:the|our|my|an?)(?=\s)/i;
const WHITESPACE_RUN = /\s*/y;
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;
const TOPIC_END_PUNCTUATION = new Set(["?", ".", "!"]);

function whitespaceRunEnd(text: string, from: number): number {
  WHITESPACE_RUN.lastIndex = from;
  WHITESPACE_RUN.exec(text);
  return WHITESPACE_RUN.lastIndex;
}

/**
 * The topic a question names ("the meeting about the Q3 rebalance?" → "Q3 rebalance"), in linear time.
 * Same result as the former single regex: the first lead whose topic (after an optional article) runs to the
 * end of the text on one line, trailing ?.! dropped; untrimmed, as that regex captured it.
 */
export function findTopic(text: string): string | undefined {
  let lastLineBreak = -1;
  for (let i = text.length - 1; i >= 0; i--) {
    if (LINE_TERMINATOR.test(text[i]!)) {
      lastLineBreak = i;
      break;
    }
  }
  let punctuationStart = text.length;
  while (punctuationStart > 0 && TOPIC_END_PUNCTUATION.has(text[punctuationStart - 1]!)) punctuationStart--;
  // The topic starting at `from` (lazy `.+?` then `[?.!]*$`): one character at least, no line break after it.
  const topicFrom = (from: number) =>
    from < text.length && from > lastLineBreak ? text.slice(from, Math.max(from + 1, punctuationStart)) : undefined;

  for (const lead of text.matchAll(TOPIC_LEAD)) {
    const gapStart = lead.index + lead[0].length;
    const gapEnd = whitespaceRunEnd(text, gapStart); // > gapStart: the lead is followed by whitespace
    const article = ARTICLE.exec(text.slice(gapEnd, gapEnd + 4));
    if (article) {
      const articleGapStart = gapEnd + article[0].length;
      const articleGapEnd = whitespaceRunEnd(text, articleGapStart);
      const topic =
        topicFrom(articleGapEnd) ?? (articleGapEnd - articleGapStart > 1 ? topicFrom(articleGapEnd - 1) : undefined);
      if (topic !== undefined) return topic;
    }
    const topic = topicFrom(gapEnd) ?? (gapEnd - gapStart > 1 ? topicFrom(gapEnd - 1) : undefined);
    if (topic !== undefined) return topic;
  }
  return undefined;
}

// Each pattern is a flat alternation of words between word boundaries: linear in the question's length.
const KIND_PATTERNS: [QuestionKind, RegExp][] = [
  ["who", /\bwho(?:m|se)?\b|\bwhich\s+(?:person|people|advisor|adviser|client|one\s+of\s+us)\b|\bname\b/i],
  [
    "when",
    /\bwhen\b|\bwhat\s+(?:date|day|time|month|year|week)\b|\bwhich\s+(?:date|day|month|year|week)\b|\bdeadline\b|\bby\s+when\b|\bhow\s+(?:soon|long)\b/i,
  ],
  [
    "amount",
    /\bhow\s+(?:much|big|large|high|low|old)\b|\b(?:balance|amount|value|worth|cost|costs|price|fee|fees|rate|percent|percentage|total|budget|salary|income|sum|figure|number|return|yield|payout|premium|shares|tax|taxes|charge|charges|owe|owes|owed|quote|quoted|rent|burn|distribution|distributions|valuation|apprais(?:e|ed) (?:at|for)|sell for|sold for|list(?:ed)? (?:at|for)|payment|payments|contribution|contributions|withdrawal|spending|limit|deductible|cap|caps|maximum|minimum|penalty|mortgage|loan|interest|pension|pensions|annuity|benefit|benefits|charging|premiums)\b/i,
  ],
  // "The interest rate on the note", "her percentage": an amount said as a share ("six and a half percent"), so a
  // sentence with a share answers better than one with a sum. A rate alone may be a price ("the home's new rate").
  [
    "share",
    /\binterest\b|\bpercent(?:age)?\b|\bAPR\b|\byield\b|\b(?:tax|withdrawal|growth|return|ownership|vacancy)\s+rate\b|\bstake\b/i,
  ],
  // "How many employees": a number of things, not money ("fourteen", "11 techs").
  ["count", /\bhow\s+many\b/i],
  // "The property manager's phone number", "the policy number": digits that name something, not an amount.
  [
    "identifier",
    /\b(?:phone|cell|mobile|fax|account|policy|routing|case|claim|member|reference|confirmation|tracking|serial|contract)\s+(?:number|no|#)|\bnumber\s+(?:for|of)\s+(?:the\s+|his\s+|her\s+|their\s+|your\s+)?(?:phone|cell|account|policy)\b/i,
  ],
  [
    "decision",
    /\b(?:decide|decided|decision|decisions|agree|agreed|agreement|conclude|concluded|settle|settled|commit|committed|choose|chose|chosen|recommend|recommended|recommendation|approve|approved)\b/i,
  ],
];

/** The kinds of fact a question asks for: "who will…" → who; "how much…" → amount; "what did we agree…" → decision. */
export function detectQuestionKinds(question: string): QuestionKind[] {
  const q = question.slice(0, MAX_UNDERSTOOD_CHARS);
  const kinds = KIND_PATTERNS.filter(([, pattern]) => pattern.test(q)).map(([kind]) => kind);
  // "number" asked an amount only when no identifier is meant ("what is his phone number?" wants no sum).
  return kinds.includes("identifier") ? kinds.filter((k) => k !== "amount") : kinds;
}

function detectIntent(question: string): Intent {
  const q = question.toLowerCase();
  if (
    /\b(which|what)\s+clients\b|\bwho\s+(did|have)\s+i\s+(meet|met|see|seen)\b|\bclients\s+(did|have)\s+i\s+(meet|met|see|seen)\b/.test(
      q,
    )
  ) {
    return "clients_met";
  }
  // "the follow-up meeting", "when do we meet next": the next meeting, not the follow-up tasks.
  if (/\bfollow[\s-]?up\s+(?:meeting|call|session|appointment)\b|\bmeet\s+(?:again|next)\b/.test(q))
    return "next_meeting";
  // "What did I agree to do for them?": the advisor's own items (own-commitment.rules).
  if (asksOwnCommitments(question)) return "action_items";
  if (
    /\baction\s+items?\b|\bnext\s+steps\b|\bto-?dos?\b|\bfollow[\s-]?ups?\b|\btasks?\b|\bpromis(?:e|ed|es)\b|\bcommitments?\b|\bwhat\s+(?:do|did)\s+(?:we|i)\s+owe\b|\b(?:we|i)\s+commit(?:ted)?\s+to\b|\b(?:am\s+i|are\s+we)\s+supposed\s+to\b/.test(
      q,
    )
  )
    return "action_items";
  if (/\b(last|latest|most\s+recent|previous|recent)\s+(meeting|call|session|conversation)\b/.test(q))
    return "last_meeting";
  if (/\bkey\s+points\b|\bmain\s+points\b|\bhighlights\b|\bsummar(y|ise|ize|ies)\b|\btakeaways\b/.test(q))
    return "key_points";
  if (/\bnext\s+meeting\b|\bwhen\s+(do|will|are)\s+(we|i)\s+meet\b/.test(q)) return "next_meeting";
  return "general";
}

/** "the one before that", "and before that?", "what about the previous one" */
const BEFORE_THAT = /\b(one\s+before|before\s+that|previous\s+one|prior\s+one|earlier\s+one)\b/i;
const REFERENTIAL =
  /^\s*(and|what about|how about|also|then)\b|\b(that|those|them|it|this|she|he|her|him|his|hers|they|their|theirs)\b|^\W*\w+(\s+\w+){0,4}\W*$/i;

function understandOne(fullQuestion: string, clients: NamedClient[], now: Date): Understood {
  const question = fullQuestion.slice(0, MAX_UNDERSTOOD_CHARS);
  const topic = findTopic(question)?.trim();
  const person = personAsked(question, clients);
  // The person's name is what the answer lists clients by, not a name the passages must say.
  const personWords = new Set(person?.name.toLowerCase().split(" ") ?? []);
  return {
    intent: detectIntent(question),
    period: parsePeriod(question, now),
    clients: matchClients(question, clients),
    topic: topic && topic.length > 2 ? topic : undefined,
    offset: 0,
    searchText: fullQuestion,
    kinds: detectQuestionKinds(question),
    names: namesIn(question).filter((name) => !personWords.has(name)),
    ownItems: asksOwnCommitments(question),
    ...(person ? { person } : {}),
  };
}

/**
 * Reads a question in the light of the conversation: a short or referential follow-up
 * ("and the one before that?") inherits what the earlier question was about.
 */
export function understandQuestion(
  question: string,
  history: HistoryMessage[],
  clients: NamedClient[],
  now = new Date(),
): Understood {
  const current = understandOne(question, clients, now);
  const previousQuestions = history.filter((m) => m.role === "user").map((m) => m.content);
  if (previousQuestions.length === 0) return current;
  const isFollowUp = REFERENTIAL.test(question) && current.clients.length === 0 && !current.topic;
  if (!isFollowUp) return current;
  // Walk back to the question that set the subject, counting "before that" steps on the way.
  let offset = BEFORE_THAT.test(question) ? 1 : 0;
  for (let i = previousQuestions.length - 1; i >= 0; i--) {
    const earlier = understandOne(previousQuestions[i]!, clients, now);
    if (earlier.clients.length || earlier.topic || earlier.intent !== "general") {
      return {
        intent: current.intent !== "general" && !BEFORE_THAT.test(question) ? current.intent : earlier.intent,
        period: current.period ?? earlier.period,
        clients: earlier.clients,
        topic: earlier.topic,
        offset: earlier.offset + offset,
        searchText: `${previousQuestions[i]} ${question}`,
        kinds: current.kinds.length ? current.kinds : earlier.kinds,
        names: current.names,
        ownItems: current.ownItems,
        followUp: true,
      };
    }
    if (BEFORE_THAT.test(previousQuestions[i]!)) offset++;
  }
  return { ...current, followUp: true };
}
