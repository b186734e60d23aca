// The passages cut into candidate sentences, each with what was said around it: the sentences before (what it is
// about), a correction after, and the reply to a question.

import { splitSentences, splitSpeaker } from "../../language/sentences";
import type { Passage } from "../answer-types";
import { detectQuestionKinds } from "../understand/understand-question";
import { statesFigure } from "./fact-features";
import { joinCutLines } from "./join-cut-lines";

export interface CandidateSentence {
  /** Index of the passage (retrieval order) the sentence comes from. */
  passage: number;
  speaker: string | null;
  text: string;
  /** The sentence after it in the same turn, when there is one (context for a short finding). */
  next: string | null;
  /** The speaker's correction of the figure this sentence states ("Sorry, no, it went up. It's $10,200 now."). */
  correctedBy?: string;
  /**
   * The sentences said just before it in the passage (its own turn's, or the end of the turn before): what a
   * sentence like "The balance is thirty-eight thousand." is about was often named there.
   */
  before?: string;
  /** The sentences said just after it in the passage, by whoever said them (FOLLOWING_SENTENCES at most). */
  after?: { speaker: string | null; text: string }[];
  /**
   * A question said in the meeting joined to the reply that answers it: the question's words (said by `speaker`)
   * and who replied. The answer quotes them apart, each credited to its own speaker.
   */
  pair?: { question: string; replier: string | null };
  /** A pair's reply: the fact asked is looked for there, not in the question ("Eleven thousand a month? — That's the
   * question the bank will ask." states no figure). */
  reply?: string;
}

/** Labels of the summary's joined lists; "Next meeting:" stays, as it says what its day is. */
const LABEL = /^(?:Key points|Action items):\s*/;

/**
 * How many sentences said just before a sentence may name what it is about: an answer often comes a few sentences
 * after the question's words ("Your cardiologist's name…" — "And you'll sign…" — "I'll send that…" — "My heart guy is
 * Dr. Halvorsen.").
 */
export const PRECEDING_SENTENCES = 4;

/**
 * How many sentences after one that names what was asked may hold the fact itself: a request ("Your cardiologist's
 * name and the clinic.") is answered a few sentences on, often by someone else ("My heart guy is Dr. Lund.").
 */
export const FOLLOWING_SENTENCES = 5;

/** Words that take back what was just said: "Sorry, no", "Actually", "Wait", "I mean", "Let me say that right". */
const CORRECTION = /^(?:sorry|no|wait|actually|correction|i mean|scratch that|let me (?:say|correct|fix))\b/i;

/**
 * A figure the speaker corrects in the next sentences of the turn ("It's ninety-eight hundred a month." — "Sorry, no,
 * it went up." — "It's $10,200 now."): those sentences, read with it so the answer never stops at the old figure.
 */
export function correctionAfter(sentence: string, following: readonly string[]): { correctedBy?: string } {
  const [first, second] = following;
  if (!first || !statesFigure(sentence) || !CORRECTION.test(first)) return {};
  if (statesFigure(first)) return { correctedBy: first };
  return second && statesFigure(second) ? { correctedBy: `${first} ${second}` } : {};
}

/** A reply is read for the figure its question asked over this many sentences at most. */
export const REPLY_SENTENCES = 4;

/**
 * The part of a reply read with the question it answers: its first two sentences; to its correction when it takes its
 * figure back ("Ninety-eight hundred. Sorry, no, it went up. It's $10,200 now."); and when the question asked for a
 * figure that those do not state, on to the first sentence that states one, in the same speaker's next lines ("What's
 * that cost?" — "The firm I'd use is Northfield. They do trades. For your size, around seventy-five hundred.").
 */
export function replyTo(
  question: string,
  sentences: readonly string[],
  speaker: string | null,
  laterLines: readonly { speaker: string | null; text: string }[],
): string {
  const corrected = correctionAfter(sentences[0]!, sentences.slice(1, 3)).correctedBy;
  if (corrected) return `${sentences[0]} ${corrected}`;
  const short = sentences.slice(0, 2);
  if (speaker === null || short.some(statesFigure) || !detectQuestionKinds(question).includes("amount")) {
    return short.join(" ");
  }
  const reply = sentences.slice(0, REPLY_SENTENCES);
  for (const line of laterLines) {
    if (reply.length >= REPLY_SENTENCES || line.speaker !== speaker) break;
    reply.push(...splitSentences(line.text).slice(0, REPLY_SENTENCES - reply.length));
  }
  const figureAt = reply.findIndex(statesFigure);
  return figureAt < 0 ? short.join(" ") : reply.slice(0, figureAt + 1).join(" ");
}

/** The whole sentences of the passages, each once (chunk overlaps repeat text), with their speakers. */
export function passageSentences(passages: readonly Passage[]): CandidateSentence[] {
  const seen = new Set<string>();
  const out: CandidateSentence[] = [];
  passages.forEach((p, index) => {
    const transcript = p.source === "transcript";
    // Every sentence of a transcript passage in order, and where each candidate stands in it (for `after`).
    const spoken: { speaker: string | null; text: string }[] = [];
    const standing: { candidate: CandidateSentence; at: number }[] = [];
    // The last few sentences said in the passage (PRECEDING_SENTENCES, constant work per sentence).
    let lastFew: string[] = [];
    // The question that ended the turn before, asked by someone else: this turn's first sentences answer it.
    let asked: { speaker: string | null; text: string } | null = null;
    const lines = p.content
      .split("\n")
      .map((raw) => raw.trim())
      .filter(Boolean)
      .map((line) => (transcript ? splitSpeaker(line, p.speakers) : { speaker: null, text: line }));
    // A caption cue that stops mid-sentence is read with the same speaker's next cue.
    const turns = transcript ? joinCutLines(lines) : lines;
    turns.forEach(({ speaker, text }, lineIndex) => {
      if (transcript) {
        const sentences = splitSentences(text);
        // Without speaker labels (captions alone), a line after a question is taken as its reply.
        if (asked && (speaker !== asked.speaker || speaker === null) && sentences.length) {
          const reply = replyTo(
            asked.text,
            sentences,
            speaker,
            turns.slice(lineIndex + 1, lineIndex + REPLY_SENTENCES),
          );
          const pair = `${asked.text} ${speaker ? `${speaker}: ` : ""}${reply}`;
          if (!seen.has(pair.toLowerCase())) {
            seen.add(pair.toLowerCase());
            // What was said before the question (its subject: "So, guardian. Have you talked about who?").
            const before = lastFew.join(" ");
            out.push({
              passage: index,
              speaker: asked.speaker,
              text: pair,
              next: null,
              pair: { question: asked.text, replier: speaker },
              reply,
              ...(before ? { before } : {}),
            });
          }
        }
        const last = sentences[sentences.length - 1];
        asked = last?.endsWith("?") ? { speaker, text: last } : null;
      }
      // A summary's key points and action items are joined by "; ": each is a sentence of its own.
      const pieces = transcript ? [text] : text.replace(LABEL, "").split("; ");
      for (const piece of pieces) {
        const sentences = splitSentences(piece);
        // A carried-over tail ("…rest of a turn") starts mid-sentence: its first piece is not a whole sentence.
        if (piece.startsWith("…")) sentences.shift();
        sentences.forEach((sentence, k) => {
          const before = transcript ? lastFew.join(" ") : "";
          if (transcript) {
            lastFew = [...lastFew.slice(1 - PRECEDING_SENTENCES), sentence];
            spoken.push({ speaker, text: sentence });
          }
          const key = sentence.toLowerCase();
          if (seen.has(key)) return;
          seen.add(key);
          const candidate: CandidateSentence = {
            passage: index,
            speaker,
            text: sentence,
            next: sentences[k + 1] ?? null,
            ...(before ? { before } : {}),
            ...correctionAfter(sentence, sentences.slice(k + 1, k + 3)),
          };
          out.push(candidate);
          if (transcript) standing.push({ candidate, at: spoken.length - 1 });
        });
      }
    });
    for (const { candidate, at } of standing) {
      const after = spoken.slice(at + 1, at + 1 + FOLLOWING_SENTENCES);
      if (after.length) candidate.after = after;
    }
  });
  return out;
}
