// Extractive meeting notes for the local engine, offline. In stages with plain data between them: the transcript's
// sentences are split and cleaned (split-sentences.ts), tagged and scored as candidates (summary/candidates.ts), a
// pool of them is chosen and compared (summary/choose-sentences.ts: TF-IDF or embedding similarity and MMR), the
// executive summary's sentences and the key points are picked (summary/pick-summary.ts, summary/pick-key-points.ts),
// and each pick is written as a note in the notes' own voice (summary/write-note.ts, with the rule tables of
// summary/note-rules.rules.ts and summary/note-exchange.rules.ts). Decisions, action items and the next meeting are
// rule-based.

import type { DraftPoint, MeetingSummary, SummariseInput } from "../types";
import { readActionItems } from "./extract-action-items";
import { findNextMeeting } from "./find-next-meeting";
import { type Sentence, splitSegmentsIntoSentences } from "./split-sentences";
import { type Candidate, choosePool, memoised, noteText, rankCandidates } from "./summary/candidates";
import { overlapShare, type SimilarityOptions, similarityOf } from "./summary/choose-sentences";
import { composeExecutiveSummary } from "./summary/executive-summary";
import { countFigures } from "./summary/fact-signals";
import { referentChain } from "./summary/figure-referent";
import { findDecisions } from "./summary/find-decisions";
import { joinContinuedTurns } from "./summary/join-continued-turns";
import type { KeyPointSignals } from "./summary/key-point-score";
import { ellipsisChain, leanChain, quoteTurns } from "./summary/leans-on-context";
import { notePeople } from "./summary/note-people";
import { arranges, pickKeyPoints } from "./summary/pick-key-points";
import { pickSummary, type SummaryText } from "./summary/pick-summary";
import { continuesPoint, opensCorrection } from "./summary/point-continues.rules";
import { createNoteWriter, type NoteWriter } from "./summary/write-note";
import { contentTerms } from "./text-tokens";

export type SummariseOptions = SimilarityOptions & {
  /** For the fitting script (api/bench/fit-key-points.ts): each candidate the key-point scorer weighed, as a note. */
  traceKeyPoints?: (rows: KeyPointTrace[]) => void;
};
/** A key-point candidate as the scorer read it, and the note it would make. */
export interface KeyPointTrace {
  note: string;
  signals: KeyPointSignals;
}
export { MAX_EMBEDDED_SENTENCES } from "./summary/candidates";

/**
 * Key points: seven for a meeting of up to SHORT_MEETING_WORDS, one more for each further WORDS_PER_KEY_POINT, ten at
 * most (issue 28: notes an advisor reads at a glance; eighteen made a long meeting's notes a transcript digest).
 */
const MIN_KEY_POINTS = 7;
const SHORT_MEETING_WORDS = 600;
export const MAX_KEY_POINTS = 10;
const WORDS_PER_KEY_POINT = 200;
/** Decisions key points may not repeat: they are listed apart. */
const MAX_DECISION_POINTS = 3;
// First- and second-person words left in a note: a narrator says neither "I", "we" nor "you".
const SPEAKER_WORDS =
  /\b(?:i|me|my|mine|myself|we|us|our|ours|ourselves|you|your|yours|yourself)\b|\b(?:i|we|you)['’]/i;
// A word capitalised inside a sentence ("a Roth conversion"): a name that keeps its capital opening a clause.
const INNER_CAPITAL = /(?<=[\p{Ll},;] )\p{Lu}\p{Ll}+/gu;

export type LocalMeetingSummary = MeetingSummary & { decisions: string[]; keyPoints: DraftPoint[] };

export async function summariseExtractive(
  input: SummariseInput,
  options: SummariseOptions = {},
): Promise<LocalMeetingSummary> {
  const { transcript, meetingDate } = input;
  // Where each spoken segment sits in the transcript: the evidence the grounding step checks (../grounding).
  const transcriptIndex: number[] = [];
  transcript.segments.forEach((s, i) => {
    if (s.text.trim().length > 0) transcriptIndex.push(i);
  });
  const spoken = transcriptIndex.map((i) => transcript.segments[i]!);
  const sentences = splitSegmentsIntoSentences(spoken);
  const speakers = [...new Set(sentences.map((s) => s.speaker).filter((s): s is string => s !== null))];
  // The summary reads whole sentences: turns cut over several captions are joined first.
  const joined = joinContinuedTurns(spoken);
  const summarySentences =
    joined.segments.length === spoken.length
      ? sentences
      : splitSegmentsIntoSentences(joined.segments).map((s) => ({
          ...s,
          segmentIndex: joined.firstIndex[s.segmentIndex]!,
        }));
  const write = memoised(noteText);
  const notes = createNoteWriter(notePeople(speakers, input.clientName), speakers, write);
  const pool = choosePool(rankCandidates(summarySentences, speakers, write));
  const similarity = await similarityOf(pool, options);

  const totalWords = summarySentences.reduce((sum, s) => sum + s.text.split(" ").length, 0);
  const summaryTexts = pool.candidates.map((c) => summaryText(c, summarySentences, notes));
  const summaryPicks = pickSummary(pool, similarity, totalWords, summaryTexts);
  const decisions = findDecisions(summarySentences);
  const keyPointCount = Math.min(
    MAX_KEY_POINTS,
    MIN_KEY_POINTS + Math.max(0, Math.floor((totalWords - SHORT_MEETING_WORDS) / WORDS_PER_KEY_POINT)),
  );
  // Decisions are listed apart: key points do not repeat the first of them.
  const decisionPoints = decisions.slice(0, MAX_DECISION_POINTS);
  const decisionTerms = decisionPoints.map((d) => new Set(contentTerms(d)));
  const repeatsDecision = (c: Candidate) => decisionTerms.some((terms) => overlapShare(c.terms, terms) >= 0.7);
  const chains = pool.candidates.map((c) => continued(keyPointChain(c, summarySentences), summarySentences, write));
  // What each point weighs by: its sentences as said (an exchange weighs as one; see fact-weight.ts).
  const weighedTexts = pool.candidates.map((c, i) => weighedText(c, chains[i]!, write));
  const keyPicks = pickKeyPoints(pool, similarity, new Set(summaryPicks), {
    count: keyPointCount,
    repeatsDecision,
    sentencesOf: (i) => chains[i]?.map((s) => s.index) ?? [],
    texts: weighedTexts,
    trace:
      options.traceKeyPoints &&
      ((rows) =>
        options.traceKeyPoints?.(
          rows.map(({ index, signals }) => ({
            note: keyPointNote(pool.candidates[index]!, chains[index]!, notes),
            signals,
          })),
        )),
  });

  const byIndex = (a: number, b: number) => pool.candidates[a]!.sentence.index - pool.candidates[b]!.sentence.index;
  // What the summary found, less what its "Decided" sentence says again.
  const found = [...summaryPicks]
    .sort(byIndex)
    .filter((i) => !repeatsDecision(pool.candidates[i]!))
    .map((i) => summaryTexts[i]!.text);
  const keyPoints = withoutRepeats(
    [...keyPicks].sort(byIndex).map((i) => ({
      text: keyPointNote(pool.candidates[i]!, chains[i]!, notes),
      evidence: [...new Set(chains[i]!.map((s) => transcriptIndex[s.segmentIndex]!))],
    })),
  );
  // Found before the action items: "bring your ID to the signing" is due on the day the signing was set for.
  const nextMeeting = findNextMeeting(sentences, meetingDate);
  // Only what is sure is an action item; the rest are possible ones, shown apart.
  const { actionItems, possibleActionItems } = readActionItems(sentences, {
    speakers,
    meetingDate,
    clientName: input.clientName,
    nextMeetingDate: nextMeeting?.date ?? null,
  });
  const proper = properWords(summarySentences, speakers);
  return {
    executiveSummary:
      found.length > 0
        ? composeExecutiveSummary({ ...input, found, decisions, actionItems, nextMeeting, proper })
        : describeEmptyMeeting(input),
    keyPoints,
    decisions,
    actionItems,
    nextMeeting,
    ...(possibleActionItems.length > 0 ? { possibleActionItems } : {}),
  };
}

/** The sentences a key point needs to be read alone; null when what it leans on cannot be found. */
function keyPointChain(candidate: Candidate, sentences: Sentence[]): Sentence[] | null {
  if (candidate.bare) return referentChain(candidate.sentence, sentences);
  if (candidate.elliptical) return ellipsisChain(candidate.sentence, sentences);
  if (candidate.leansBack) return leanChain(candidate.sentence, sentences);
  return [candidate.sentence];
}

/**
 * A figure's point with the sentence its speaker says right after it when that sentence goes on about the same thing
 * with a figure of its own (the other item of a pair, a correction): one line for one thing
 * (summary/point-continues.rules.ts).
 */
function continued(
  chain: Sentence[] | null,
  sentences: Sentence[],
  write: (text: string) => string,
): Sentence[] | null {
  if (chain === null) return null;
  const last = chain.at(-1)!;
  const next = sentences[last.index + 1];
  if (!next || next.speaker !== last.speaker || countFigures(write(last.text)) === 0) return chain;
  const written = write(next.text);
  if (countFigures(written) > 0) return !arranges(written) && continuesPoint(written) ? [...chain, next] : chain;
  // "Sorry, no, it went up. It's 4,300 now.": a correction said before its figure; the corrected figure replaces the
  // one it corrects after the question that says what it is, else follows it (the note keeps the corrected figure).
  const after = sentences[last.index + 2];
  if (!after || after.speaker !== last.speaker || !opensCorrection(written)) return chain;
  const figure = write(after.text);
  if (countFigures(figure) === 0 || arranges(figure)) return chain;
  return chain.length > 1 ? [...chain.slice(0, -1), after] : [...chain, after];
}

function weighedText(candidate: Candidate, chain: Sentence[] | null, write: (text: string) => string): string | null {
  if (chain === null) return null;
  if (chain.length > 1) return quoteTurns(chain, write);
  return candidate.openQuestion ? `Open question: ${candidate.display}` : candidate.display;
}

function keyPointNote(candidate: Candidate, chain: Sentence[], notes: NoteWriter): string {
  const note = notes.chain(chain);
  return candidate.openQuestion && chain.length === 1 ? `Open question: ${note}` : note;
}

/**
 * The sentence as the executive summary tells it, as a note: a reply with the question it answers; null for what
 * cannot stand alone there (a bare figure, a "that" standing for the sentence before, a remark on what was said).
 */
function summaryText(candidate: Candidate, sentences: Sentence[], notes: NoteWriter): SummaryText {
  if (candidate.bare || candidate.leansBack) return null;
  if (candidate.elliptical) {
    const chain = candidate.elliptical === "answer" ? ellipsisChain(candidate.sentence, sentences) : null;
    return chain === null ? null : { text: notes.chain(chain), inSpeakersWords: false };
  }
  const text = notes.sentence(candidate.sentence);
  return { text, inSpeakersWords: SPEAKER_WORDS.test(text) };
}

/** A key point already said inside another (as the question a figure answers) is not listed again. */
function withoutRepeats<T extends { text: string }>(points: T[]): T[] {
  const bare = (text: string) => text.replace(/(?<![.!?])[.!?]+$/, "");
  return points.filter(
    (point, i) =>
      !points.some(
        (other, j) => j !== i && other.text.length > point.text.length && other.text.includes(bare(point.text)),
      ),
  );
}

/** Speakers' names and words the meeting capitalises mid-sentence, lower-cased. */
function properWords(sentences: Sentence[], speakers: string[]): Set<string> {
  const words = new Set(speakers.flatMap((s) => s.toLowerCase().split(/\s+/)));
  for (const sentence of sentences) {
    for (const match of sentence.text.matchAll(INNER_CAPITAL)) words.add(match[0].toLowerCase());
  }
  return words;
}

function describeEmptyMeeting(input: SummariseInput): string {
  return `${input.title} with ${input.clientName}: the transcript has too little content for a summary.`;
}
