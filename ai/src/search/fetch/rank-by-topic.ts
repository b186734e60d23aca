// The meetings a topic names ("the meeting about the investment review"), ranked by the topic's words in their titles.
import { STOP_WORDS } from "../../language";
import type { MeetingFact } from "../answer-store";

/** Words of a topic that name no meeting's subject: the lexicon's stop words, and the word "meeting" itself. */
const MEETING_WORDS = new Set(["meeting", "meetings"]);
export const topicWords = (topic: string) =>
  topic
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 2 && !STOP_WORDS.has(w) && !MEETING_WORDS.has(w));

/** How many of the topic's words a meeting's title and type hold. */
function topicScore(fact: MeetingFact, words: string[]): number {
  const text = `${fact.title} ${fact.type}`.toLowerCase();
  return words.filter((w) => text.includes(w)).length;
}

/**
 * The meetings a topic names, best match first: those whose title holds every word of the topic (or the most of
 * them) come before those matching one word, newest first among equals. A title that holds all the words stands
 * alone, so "the meeting about investment review" cites that meeting, not every review.
 */
export function rankByTopic(facts: MeetingFact[], words: string[], limit = 5): MeetingFact[] {
  const scored = facts.map((fact, order) => ({ fact, order, score: topicScore(fact, words) }));
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  const best = scored[0]?.score ?? 0;
  const complete = best > 0 && best === words.length;
  return scored
    .filter((s) => (complete ? s.score === best : s.score > 0))
    .slice(0, limit)
    .map((s) => s.fact);
}
