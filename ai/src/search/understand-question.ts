import { matchClients, type NamedClient } from "./match-client";
import { type Period, parsePeriod } from "./parse-period";

export type Intent = "last_meeting" | "clients_met" | "action_items" | "key_points" | "next_meeting" | "general";

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
}

export interface HistoryMessage {
  role: "user" | "assistant";
  content: string;
}

const TOPIC =
  /\b(?:meeting|call|session|review|conversation)s?\s+(?:about|on|regarding|concerning|re:?|covering)\s+(?:the\s+|our\s+|my\s+|an?\s+)?(.+?)[?.!]*$/i;

export function detectIntent(question: string): Intent {
  const q = question.toLowerCase();
  if (
    /\b(which|what)\s+clients\b|\bwho\s+(did|have)\s+i\s+(meet|met|see|seen)\b|\bclients\s+(did|have)\s+i\s+(meet|met|see|seen)\b/.test(
      q,
    )
  ) {
    return "clients_met";
  }
  if (/\baction\s+items?\b|\bnext\s+steps\b|\bto-?dos?\b|\bfollow[\s-]?ups?\b|\btasks?\b/.test(q))
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
  /^\s*(and|what about|how about|also|then)\b|\b(that|those|them|it|this)\b|^\W*\w+(\s+\w+){0,4}\W*$/i;

function understandOne(question: string, clients: NamedClient[], now: Date): Understood {
  const topic = TOPIC.exec(question)?.[1]?.trim();
  return {
    intent: detectIntent(question),
    period: parsePeriod(question, now),
    clients: matchClients(question, clients),
    topic: topic && topic.length > 2 ? topic : undefined,
    offset: 0,
    searchText: question,
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
      };
    }
    if (BEFORE_THAT.test(previousQuestions[i]!)) offset++;
  }
  return current;
}
