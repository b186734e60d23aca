// The sentences an answer quotes, chosen from the scored ones: the fact first, a figure that follows its lead-in,
// one sentence per point.
import { overlapShare, splitWords, stemWord } from "../../language";
import type { ChosenEvidence, Passage } from "../answer-types";
import { mentionsName, namesWrittenIn } from "../understand/proper-names";
import type { QuestionKind } from "../understand/understand-question";
import type { CandidateSentence } from "./candidate-sentences";
import { CALENDAR_DAY, COUNT, IDENTIFIER, kindMatch, statesFigure, statesShare } from "./fact-features";
import { FACT_KINDS, type ScoredSentence } from "./score-sentences";
import { wordCount } from "./term-coverage";

/**
 * True when a sentence states no figure and the next sentence of its turn does: "Then the underwriting, which also
 * came back." is followed by what came back ("Standard, at $12,300 a year.").
 */
export function figureFollows(s: { text: string; next: string | null }): boolean {
  return s.next !== null && !statesFigure(s.text) && statesFigure(s.next);
}

/** Of the best sentences, how many a figure question looks through for one that states a figure. */
export const FIGURE_LOOKAHEAD = 5;

/**
 * A figure question ("how much", "what is it worth", "the phone number") is answered by a sentence that states a
 * figure: when the best sentence states none, the best of the next few that does (and covers at least half as much
 * of the question) leads instead.
 */
export function figureFirst(scored: readonly ScoredSentence[]): readonly ScoredSentence[] {
  const best = scored[0];
  if (!best || statesFigure(best.text)) return scored;
  return promoted(scored, (s) => statesFigure(s.text) && s.coverage >= best.coverage * 0.5);
}

/** The first of the next few sentences (FIGURE_LOOKAHEAD) that `leads`, moved to the front; `scored` when none. */
function promoted(scored: readonly ScoredSentence[], leads: (s: ScoredSentence) => boolean) {
  const index = scored.slice(1, FIGURE_LOOKAHEAD).findIndex(leads);
  if (index < 0) return scored;
  const first = scored[index + 1]!;
  return [first, ...scored.filter((s) => s !== first)];
}

/**
 * A question for a person, a day, a count or an identifier is answered by a sentence that holds one: when the best
 * sentence holds none and none said just after it does, the best of the next few that does (covering at least half as
 * much of the question) leads instead ("…a will that names a guardian for the baby." loses to "Carmen as guardian.").
 */
export function factFirst(
  scored: readonly ScoredSentence[],
  kinds: readonly QuestionKind[],
  names?: ReadonlySet<string>,
): readonly ScoredSentence[] {
  const facts = kinds.filter((k) => FACT_KINDS.includes(k) && k !== "amount");
  const best = scored[0];
  if (!best || facts.length === 0 || best.kind > 0 || factFollowing(best, facts, names)) return scored;
  return promoted(scored, (s) => s.kind > 0 && holdsFact(s.text, facts, names) && s.coverage >= best.coverage * 0.5);
}

/** What a quote says: one speaker's words, and what another said in reply when the two go together. */
export interface QuotedWords {
  text: string;
  reply?: { speaker: string | null; text: string };
}

/**
 * The words a scored sentence is quoted with: by default the sentence, with the next one of its turn when that states
 * the figure it leads up to; a question said in the meeting with its reply apart (each speaker's own words).
 */
export function quotedWords(s: ScoredSentence): QuotedWords {
  if (s.pair) return { text: s.pair.question, reply: { speaker: s.pair.replier, text: s.reply ?? "" } };
  return { text: figureFollows(s) ? `${s.text} ${s.next}` : s.text };
}

/** A scored sentence as evidence of its passage (without its moment, read later from the segments). */
export function asEvidence(
  s: ScoredSentence,
  passages: readonly Passage[],
  words: QuotedWords = quotedWords(s),
): ChosenEvidence {
  const p = passages[s.passage]!;
  return {
    passage: s.passage,
    meetingId: p.meetingId,
    title: p.title,
    date: p.date,
    clientName: p.clientName,
    source: p.source,
    speaker: s.speaker,
    text: words.text,
    ...(words.reply ? { reply: words.reply } : {}),
    score: s.score,
    similarity: s.similarity,
    coverage: s.coverage,
  };
}

/**
 * The finding and its supporting sentences: the best first, then others that add something (not a near-copy of
 * one already chosen, at most two from one passage). A finding of a few words takes the next sentence of its turn.
 */
export function pickEvidence(
  ranked: readonly ScoredSentence[],
  passages: readonly Passage[],
  kinds: readonly QuestionKind[] = [],
  max = 5,
): ChosenEvidence[] {
  const names = namesWrittenIn(passages.map((p) => p.content));
  const scored = factFirst(kinds.includes("amount") ? figureFirst(ranked) : ranked, kinds, names);
  const chosen: ChosenEvidence[] = [];
  const chosenStems: Set<string>[] = [];
  const perPassage = new Map<number, number>();
  for (const s of scored) {
    if (chosen.length >= max) break;
    if (chosen.length > 0 && s.score < scored[0]!.score * 0.5) break;
    if ((perPassage.get(s.passage) ?? 0) >= 2) continue;
    const words = new Set(splitWords(s.text).map(stemWord));
    if (chosenStems.some((c) => overlapShare(words, c) > 0.7)) continue;
    // A finding of a few words, or one that leads up to the asked fact ("Next, the RMD." → "It is $31,400."),
    // takes the next sentence of its turn along.
    const leadsUp =
      (s.kind === 0 && s.next !== null && kinds.length > 0 && kindMatch(s.next, s.speaker, kinds, names) > 0) ||
      figureFollows(s);
    const answeredLater = chosen.length === 0 && !leadsUp && s.kind === 0 ? factFollowing(s, kinds, names) : undefined;
    // Each speaker's own words: what someone else said later is quoted apart, as their reply.
    const quoted: QuotedWords = s.pair
      ? quotedWords(s)
      : s.correctedBy
        ? { text: `${s.text} ${s.correctedBy}` }
        : s.next && (wordCount(s.text) < 6 || (chosen.length === 0 && leadsUp))
          ? { text: `${s.text} ${s.next}` }
          : answeredLater && answeredLater.speaker !== s.speaker
            ? { text: s.text, reply: answeredLater }
            : answeredLater
              ? { text: `${s.text} … ${answeredLater.text}` }
              : { text: s.text };
    chosen.push(asEvidence(s, passages, quoted));
    chosenStems.push(words);
    perPassage.set(s.passage, (perPassage.get(s.passage) ?? 0) + 1);
  }
  return chosen;
}

/** True when the text holds a fact of one of the kinds in full: a figure, a day on the calendar, a person's name. */
export function holdsFact(text: string, kinds: readonly QuestionKind[], names?: ReadonlySet<string>): boolean {
  const normal = text.replace(/’/g, "'");
  return kinds.some(
    (k) =>
      (k === "amount" && statesFigure(normal)) ||
      (k === "share" && statesShare(normal)) ||
      (k === "when" && CALENDAR_DAY.test(normal)) ||
      (k === "who" && mentionsName(normal, names)) ||
      (k === "count" && COUNT.test(normal)) ||
      (k === "identifier" && IDENTIFIER.test(normal)),
  );
}

/**
 * For a finding that names what was asked but holds no fact of the asked kind ("Your cardiologist's name and the
 * clinic."), the first of the sentences said just after it that does ("My heart guy is Dr. Lund."): a request or a
 * topic is answered a few sentences on.
 */
export function factFollowing(
  s: Pick<CandidateSentence, "after">,
  kinds: readonly QuestionKind[],
  names?: ReadonlySet<string>,
): { speaker: string | null; text: string } | undefined {
  const facts = kinds.filter((k) => FACT_KINDS.includes(k));
  if (facts.length === 0) return undefined;
  return s.after?.find((a) => !a.text.endsWith("?") && holdsFact(a.text, facts, names));
}
