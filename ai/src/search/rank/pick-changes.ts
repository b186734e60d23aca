// What differs between a client's meetings: a sentence of a newer meeting that states a figure, a decision or a
// status ("approved at standard", "the deed was recorded", "$1,200 a month") says what changed, more so when its
// subject words were already said in an earlier meeting (the same topic with a new value). Pure: scored sentences
// in, the chosen ones out, newest meeting first and the first meeting's matching sentence last.
import { NUMBER_WORDS, overlapShare, STOP_WORDS, splitWords, stemWord } from "../../language";
import { statesFigure } from "./fact-features";
import type { ScoredSentence } from "./score-sentences";

/** Words that report a decision taken or a state reached. Flat alternations between word boundaries: linear. */
const STATUS =
  /\b(?:decided|decision|decisions|agreed|approved|declined|denied|issued|signed|recorded|released|filed|funded|finished|completed|closed|chose|chosen|picked|settled|switched|rolled|transferred|retitled|cancelled|canceled|accepted|rejected|finalized|executed|scheduled|booked|came\s+back|went\s+through|went\s+with|going\s+with|instead\s+of|no\s+longer|anymore)\b/i;

/** True when the sentence states a figure, a decision or a status: what a change answer leads with. */
export function statesChange(text: string): boolean {
  const plain = text.replace(/’/g, "'");
  return statesFigure(plain) || STATUS.test(plain);
}

/** A text's content words, stemmed, each once (numbers left out: a new figure is what differs). */
export function contentStems(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of splitWords(text)) {
    if (word.length < 3 || STOP_WORDS.has(word) || /\d/.test(word)) continue;
    out.add(stemWord(word));
  }
  return out;
}

/** The share of the sentence's content words an earlier meeting also said: the same topic, said again. */
export function sharedTopicShare(text: string, earlier: ReadonlySet<string>): number {
  const words = contentStems(text);
  if (words.size === 0) return 0;
  let shared = 0;
  for (const w of words) if (earlier.has(w)) shared++;
  return shared / words.size;
}

/** How much stating a change, and sharing an earlier meeting's subject words, add to a sentence's score. */
const CHANGE_WEIGHT = 0.2;
const TOPIC_WEIGHT = 0.2;
/** How much a decision the meeting's summary recorded adds (it states what was settled, in one sentence). */
const DECIDED_WEIGHT = 0.25;
const NOTED_WEIGHT = 0.1;
/** How much less a sentence said just after a well-scored one counts than that one (it is near the mention). */
const NEAR_DISCOUNT = 0.05;
/** The scored sentences of each meeting looked at, and those whose following sentences are looked at too. */
const LOOKED_AT = 12;
const ANCHORS = 4;
/** Sentences from the newer meetings that lead the answer, and at most this many from one meeting. */
export const NEWER_SENTENCES = 3;
/** The newest meeting gives up to two of them, every other newer meeting one. */
const NEWEST_SENTENCES = 2;
/**
 * How much a sentence's score for the question counts when the question names no subject: scored against words of
 * deciding in general, it says little about which sentence tells what changed.
 */
const SUBJECTLESS_WEIGHT = 0.3;

export interface MeetingSentences<T extends ScoredSentence = ScoredSentence> {
  /** The meeting's sentences, scored for the question, best first. */
  scored: readonly T[];
  /** The text searched of the meeting (its passages), for the words it said. */
  text: string;
  /** The passages (by index) of what its summary recorded as decided: a change by the summary's own judgement. */
  decided?: ReadonlySet<number>;
  /** The passages of its summary's key points (or tasks): what the meeting was about, by the same judgement. */
  noted?: ReadonlySet<number>;
}

interface Candidate<T> {
  meeting: number;
  sentence: T;
  score: number;
  change: boolean;
}

function changeScore(text: string, score: number, earlier: ReadonlySet<string>): number {
  return (
    score + (statesChange(text) ? CHANGE_WEIGHT : 0) + TOPIC_WEIGHT * Math.min(1, 2 * sharedTopicShare(text, earlier))
  );
}

/** A meeting's candidates: its best sentences, and the change stated just after its best few (near the mention). */
function candidatesOf<T extends ScoredSentence>(
  m: MeetingSentences<T>,
  meeting: number,
  earlier: ReadonlySet<string>,
  asked: number,
) {
  const out: Candidate<T>[] = [];
  const seen = new Set<string>();
  const add = (sentence: T, score: number) => {
    if (sentence.text.endsWith("?") || seen.has(sentence.text)) return;
    seen.add(sentence.text);
    const decided = m.decided?.has(sentence.passage) ?? false;
    const change = decided || statesChange(sentence.text);
    const bonus = decided ? DECIDED_WEIGHT : m.noted?.has(sentence.passage) ? NOTED_WEIGHT : 0;
    out.push({ meeting, sentence, change, score: changeScore(sentence.text, asked * score, earlier) + bonus });
  };
  for (const s of m.scored.slice(0, LOOKED_AT)) add(s, s.score);
  for (const s of m.scored.slice(LOOKED_AT)) if (m.decided?.has(s.passage) || m.noted?.has(s.passage)) add(s, s.score);
  for (const s of m.scored.slice(0, ANCHORS))
    for (const a of s.after ?? [])
      if (statesChange(a.text))
        add({ ...s, text: a.text, speaker: a.speaker, next: null, after: undefined }, s.score - NEAR_DISCOUNT);
  return out;
}

/** Words of amounts and their units: the value a figure states, not what it is the value of. */
const VALUE_WORDS = new Set([
  ...NUMBER_WORDS.filter((word) => word !== "zero"),
  ..."half quarter percent dollar dollars year years month months week weeks day days about around roughly".split(" "),
]);

/** What a figure is the value of: its content words without the words of amounts (stemmed). */
function subjectStems(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of splitWords(text)) {
    for (const part of word.split("-")) {
      if (part.length < 3 || STOP_WORDS.has(part) || VALUE_WORDS.has(part) || /\d/.test(part)) continue;
      out.add(stemWord(part));
    }
  }
  return out;
}

const sharesAny = (a: ReadonlySet<string>, b: ReadonlySet<string>) => [...a].some((w) => b.has(w));

/**
 * The change sentences: from the newer meetings (given newest first), those stating a change (any sentence when none
 * does), best by their score plus how much they say on a topic an earlier meeting had; then the first meeting's
 * sentence sharing most with them, preferring one that states a figure or a decision too. Each with its meeting's
 * index (the first meeting's is `newer.length`).
 */
export function pickChanges<T extends ScoredSentence>(
  newer: readonly MeetingSentences<T>[],
  first: MeetingSentences<T>,
  /** False when the question names no subject ("what has changed?"): its scores then say little. */
  namesSubject = true,
): { meeting: number; sentence: T }[] {
  const asked = namesSubject ? 1 : SUBJECTLESS_WEIGHT;
  // For each newer meeting, the words of the meetings before it.
  const ranked = newer.flatMap((m, meeting) => {
    const earlier = contentStems([...newer.slice(meeting + 1).map((o) => o.text), first.text].join(" "));
    return candidatesOf(m, meeting, earlier, asked);
  });
  const changes = ranked.filter((c) => c.change);
  const pool = (changes.length ? changes : ranked).sort((a, b) => b.score - a.score);
  const chosen: { meeting: number; sentence: T }[] = [];
  const perMeeting = new Map<number, number>();
  for (const c of pool) {
    if (chosen.length >= NEWER_SENTENCES) break;
    if ((perMeeting.get(c.meeting) ?? 0) >= (c.meeting === 0 ? NEWEST_SENTENCES : 1)) continue;
    // A near-copy of a sentence already chosen says nothing new.
    const words = contentStems(c.sentence.text);
    if (chosen.some((o) => overlapShare(words, contentStems(o.sentence.text)) > 0.7)) continue;
    chosen.push({ meeting: c.meeting, sentence: c.sentence });
    perMeeting.set(c.meeting, (perMeeting.get(c.meeting) ?? 0) + 1);
  }
  chosen.sort((a, b) => a.meeting - b.meeting);
  // The first meeting's side: what it said on the topics chosen, a figure or a decision first.
  const now = contentStems(chosen.map((c) => c.sentence.text).join(" "));
  // The same thing's value at first: a figure of the first meeting naming something a figure said now names.
  const figuresNow = chosen.filter((c) => statesFigure(c.sentence.text)).map((c) => subjectStems(c.sentence.text));
  const candidates = candidatesOf(first, newer.length, now, asked).sort((a, b) => b.score - a.score);
  const earlierValue = candidates.find(
    (c) => statesFigure(c.sentence.text) && figuresNow.some((words) => sharesAny(subjectStems(c.sentence.text), words)),
  );
  const before = earlierValue ?? candidates[0];
  if (before) chosen.push({ meeting: newer.length, sentence: before.sentence });
  return chosen;
}
