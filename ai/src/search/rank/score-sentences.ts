// Every candidate sentence scored for the question: similarity (the engine's embedder, one batch), the share of
// the question's terms it covers, and whether it holds the kind of fact asked for (a name, a date, an amount, a
// decision or commitment).
import { splitIntoWindows } from "../../intelligence/embedding-windows";
import { createHashingEmbedder } from "../../local/hashing-embedder";
import type { Embedder } from "../../types";
import { cosine } from "../../vectors";
import type { Passage } from "../answer-types";
import { QuestionNotEmbedded } from "../fetch/question-embedding";
import { addressees, deciderIn, namesIn, withoutWords } from "../understand/names-in-text";
import { asksFullName, namesWrittenIn, writesNameOut } from "../understand/proper-names";
import { questionTerms } from "../understand/question-terms";
import { sameSenseFor } from "../understand/same-sense";
import type { QuestionKind } from "../understand/understand-question";
import { type CandidateSentence, passageSentences } from "./candidate-sentences";
import { figureNearTerms, kindMatch, speakersOwnIntention, statesFigure } from "./fact-features";
import { MAX_EMBEDDED_SENTENCES, RELEVANCE, relevantSentence } from "./relevance";
import {
  AMOUNT_WORDS,
  capitalWords,
  FILLER,
  knownTermShare,
  rarityWeights,
  termCoverage,
  wordCount,
} from "./term-coverage";

export interface ScoredSentence extends CandidateSentence {
  similarity: number;
  coverage: number;
  /** The share of the question's term weight the passages hold anywhere (knownTermShare), the same for every sentence. */
  known: number;
  /** Whether one of the best-scored sentences is relevant enough to answer from: the same for every sentence. */
  answerable?: boolean;
  kind: number;
  score: number;
}

/** The kinds of fact a sentence holds or not (holdsFact); the others (a decision, an opinion) any sentence may answer. */
export const FACT_KINDS: readonly QuestionKind[] = ["amount", "share", "count", "when", "who", "identifier"];
/** True when the question asks one of the FACT_KINDS. */
export const asksFact = (kinds: readonly QuestionKind[]) => kinds.some((k) => FACT_KINDS.includes(k));
/** How much a summary or note sentence yields to a transcript sentence for a fact question. */
export const SUMMARY_PENALTY = 0.05;

/** What a scoring is asked besides the embedder: the question, its kinds, the passages, a signal, names given. */
export type ScoringAsked = Parameters<typeof scoreSentences> extends [Embedder, ...infer Asked] ? Asked : never;

/** Scores the passages' sentences for the question, best first. One embedding batch: the question and the sentences. */
export async function scoreSentences(
  embedder: Embedder,
  question: string,
  kinds: readonly QuestionKind[],
  passages: readonly Passage[],
  signal?: AbortSignal,
  /** Names the user's own question gave, when `question` is a rewrite without them (its client's names dropped). */
  named: readonly string[] = [],
): Promise<ScoredSentence[]> {
  const terms = questionTerms(question);
  // Numbers the question itself names ("the 529 plan") are names there, not the amount asked for; and the people it
  // names ("Who is guardian for Mateo Quist-Ng?", the client's name too) are not the person asked for.
  const numberTerms = new Set([...terms.filter((t) => /\d/.test(t)), ...namesIn(question), ...named]);
  const acronymsAsked = new Set(capitalWords(question.slice(0, 1000)).filter((a) => terms.includes(a)));
  const fullNameOf = asksFullName(question) ? namesIn(question) : [];
  const decider = kinds.includes("decision") ? deciderIn(question) : [];
  const candidates = passageSentences(passages).map((c) => {
    const p = passages[c.passage]!;
    // Around the sentence: who said it, to whom, and the meeting.
    // A sentence holding an amount says what "worth", "value" or "balance" ask for, in other words.
    const amountWords = statesFigure(c.text) ? AMOUNT_WORDS : "";
    const context = `${c.speaker ?? ""} ${p.title} ${p.clientName} ${addressees(c, p)} ${amountWords}`;
    return { ...c, context };
  });
  const factKinds = kinds.filter((k) => FACT_KINDS.includes(k));
  const names = namesWrittenIn(passages.map((p) => p.content));
  const holdsAskedFact = (c: CandidateSentence) =>
    factKinds.length > 0 && kindMatch(withoutWords(c.reply ?? c.text, numberTerms), c.speaker, factKinds, names) > 0;
  const rarity = rarityWeights(
    terms,
    candidates.map((c) => `${c.text} ${c.context}`),
  );
  // People who speak in the passages are left to the words: a caption file without labels never says their names.
  const speaking = new Set(passages.flatMap((p) => (p.speakers ?? []).flatMap((s) => s.toLowerCase().split(/\s+/))));
  const offSubject = passagesMissingNames(
    namesIn(question).filter((n) => !speaking.has(n)),
    passages,
  );
  // "What did Sam contribute to the discussion?" asks no amount: "we put in six hundred a month" is no answer.
  const sameSense = sameSenseFor(kinds.includes("amount"));
  const covered = candidates.map((c) => ({
    ...c,
    offSubject: offSubject.has(c.passage),
    // What was said just before counts only for a sentence holding the kind of fact asked ("It's $10,200 now.").
    coverage: termCoverage(
      terms,
      c.text,
      c.context,
      acronymsAsked,
      rarity,
      holdsAskedFact(c) ? c.before : "",
      sameSense,
    ),
    prior: 1 / (1 + c.passage),
  }));
  if (covered.length === 0) return [];
  const known = knownTermShare(terms, passages, sameSense);
  // The sentences worth embedding: by term overlap, then by the passage's retrieval rank.
  const shortlist = [...covered]
    .sort((a, b) => b.coverage + 0.1 * b.prior - (a.coverage + 0.1 * a.prior))
    .slice(0, MAX_EMBEDDED_SENTENCES);
  // A sentence inside a window retrieval already compared with the question first takes that window's similarity, and
  // only the others are embedded; then the best RESCORED_SENTENCES of those are embedded and scored on their own words.
  // (With the sentence encoder, embedding all 48 took a second or more of CPU a question.)
  const windowTexts = passages.map((p) => (p.windowSimilarities ? splitIntoWindows(p.content) : undefined));
  const fromWindows = shortlist.map((c) => similarityFromWindow(c.text, passages[c.passage]!, windowTexts[c.passage]));
  const toEmbed = shortlist.filter((_, i) => fromWindows[i] === undefined).map((c) => c.text);
  const vectors = await embedder.embed([question, ...toEmbed], signal);
  const q = vectors[0] ?? [];
  let embedded = 0;
  const score = (c: (typeof shortlist)[number], similarity: number) =>
    scoreSentence(c, Math.max(0, similarity), {
      kinds,
      terms,
      numberTerms,
      known,
      names,
      fullNameOf,
      decider,
      passage: passages[c.passage]!,
    });
  const first = shortlist.map((c, i) => ({
    scored: score(c, fromWindows[i] ?? cosine(q, vectors[1 + embedded++] ?? [])),
    candidate: c,
    byWindow: fromWindows[i] !== undefined,
  }));
  first.sort((a, b) => b.scored.score - a.scored.score);
  const rescore = first.slice(0, RESCORED_SENTENCES).filter((s) => s.byWindow);
  if (rescore.length > 0) {
    const own = await embedder.embed(
      rescore.map((s) => s.candidate.text),
      signal,
    );
    rescore.forEach((s, i) => {
      s.scored = score(s.candidate, cosine(q, own[i] ?? []));
    });
  }
  // The rescored lead keeps the top places: the others' window similarities are not on the same scale.
  const lead = first.slice(0, RESCORED_SENTENCES).map((s) => s.scored);
  lead.sort((a, b) => b.score - a.score);
  const scored = [...lead, ...first.slice(RESCORED_SENTENCES).map((s) => s.scored)];
  const answerable = scored.slice(0, RELEVANCE.topSentences).some(relevantSentence);
  return scored.map((s) => ({ ...s, answerable }));
}

/** A question names a few things; a pasted paragraph's capitals beyond these are not checked. */
const MAX_NAMES_CHECKED = 8;

/** What a sentence loses when its passage says none of the things the question names and other passages do. */
export const OFF_SUBJECT_PENALTY = 0.2;

/**
 * The passages that say none of the names the question gives ("the traditional Penfield Mutual policy", "the Lakeview
 * appraiser"), when some other passage says one: a firm, a product or a person named pins the question to where it
 * was said, and a passage about policies in general answers another question. Empty when no passage says them.
 */
export function passagesMissingNames(names: readonly string[], passages: readonly Passage[]): Set<number> {
  if (names.length === 0) return new Set();
  const said = passages.map((p) => {
    const words = p.content.split(NON_WORD).filter(Boolean);
    return { asWritten: new Set(words), anyCase: new Set(words.map((w) => w.toLowerCase())) };
  });
  // A word the meetings also write in lower case ("Industrial Design" — "the design") is a common word, no name.
  const pinning = names
    .flatMap((name) => name.toLowerCase().split(NON_WORD))
    .filter((word) => word && !said.some((p) => p.asWritten.has(word)))
    .slice(0, MAX_NAMES_CHECKED);
  if (pinning.length === 0) return new Set();
  const missing = new Set<number>();
  said.forEach((p, i) => {
    if (!pinning.some((word) => p.anyCase.has(word))) missing.add(i);
  });
  return missing.size === passages.length ? new Set() : missing;
}

/** What separates words: anything but letters and digits. */
const NON_WORD = /[^\p{L}\p{N}]+/u;

/** Sentences scored on their own embedding after a first ranking by their windows' similarity. */
export const RESCORED_SENTENCES = 12;

function scoreSentence(
  c: CandidateSentence & { coverage: number; prior: number; offSubject: boolean },
  similarity: number,
  q: {
    kinds: readonly QuestionKind[];
    terms: readonly string[];
    numberTerms: ReadonlySet<string>;
    known: number;
    names: ReadonlySet<string>;
    /** The people whose full name the question asks for. */
    fullNameOf: readonly string[];
    /** The name words of the one whose decision is asked (deciderIn). */
    decider: readonly string[];
    passage: Passage;
  },
): Omit<ScoredSentence, "answerable"> {
  const { kinds } = q;
  let kind = kindMatch(withoutWords(c.reply ?? c.text, q.numberTerms), c.speaker, kinds, q.names);
  // What a speaker says they will do is half a decision of theirs, none of someone else asked about.
  const speakerWords = (c.speaker ?? "").toLowerCase().split(/\s+/);
  if (
    q.decider.length > 0 &&
    !q.decider.some((w) => speakerWords.includes(w)) &&
    speakersOwnIntention(c.reply ?? c.text)
  )
    kind = Math.max(0, kind - 0.5 / kinds.length);
  // "What is Mateo's full name?" is answered by the name written out, not by another person's name.
  if (q.fullNameOf.length > 0 && kinds.includes("who")) {
    const whole = writesNameOut(c.reply ?? c.text, q.fullNameOf);
    kind = Math.max(0, kind - (whole ? 0 : 1 / kinds.length)) + (whole && kind === 0 ? 1 / kinds.length : 0);
  }
  // A figure far from every word of the question is some other amount (a reply to a question is tied to it).
  if (kinds.includes("amount") && !c.pair && statesFigure(c.text) && !figureNearTerms(c.text, q.terms, c.before))
    kind -= 0.5 / kinds.length;
  const words = wordCount(c.text);
  let score = 0.4 * similarity + 0.35 * c.coverage + 0.2 * kind + 0.05 * c.prior;
  // A question about an amount or a date is answered by a sentence that holds one.
  if (kind === 0 && asksFact(kinds)) score -= 0.1;
  if (words < 4 && !/\d/.test(c.text)) score -= 0.15;
  if (words < 8 && FILLER.test(c.text)) score -= 0.1;
  // A fact asked for (how much, when, who) is best answered by the moment it was said: a summary line or a note
  // restates it, often rounded or mixed with other figures, and links to no moment (a recorded point that cites its
  // moment is read from there, and yields nothing).
  const unmoored = q.passage.source !== "transcript" && (q.passage.startSeconds ?? null) === null;
  if (asksFact(kinds) && unmoored) score -= SUMMARY_PENALTY;
  if (c.offSubject) score -= OFF_SUBJECT_PENALTY;
  // Answers are statements: a question in the meeting repeats the question, it does not answer it.
  if (c.text.endsWith("?")) score -= 0.15;
  return {
    passage: c.passage,
    speaker: c.speaker,
    text: c.text,
    next: c.next,
    ...(c.correctedBy ? { correctedBy: c.correctedBy } : {}),
    ...(c.after ? { after: c.after } : {}),
    ...(c.pair ? { pair: c.pair, reply: c.reply } : {}),
    similarity,
    coverage: c.coverage,
    known: q.known,
    kind,
    score,
  };
}

/** The similarity of the window holding the sentence, when the passage carries its windows' similarities. */
function similarityFromWindow(sentence: string, passage: Passage, windows: string[] | undefined): number | undefined {
  const similarities = passage.windowSimilarities;
  if (!windows || !similarities || similarities.length !== windows.length) return undefined;
  const index = windows.findIndex((w) => w.includes(sentence));
  return index < 0 ? undefined : similarities[index];
}

let hashing: Embedder | undefined;

/**
 * Scores the passages' sentences for the question by their words (the in-process hashing embedder) first: the
 * engine's vectors found the passages, the words the question shares with a sentence pick the one that answers.
 * Measured on the realistic advisor set with the sentence encoder retrieving (the figures: docs/measurements.md as of
 * commit d675290, "Sentences scored by their words"): the fact in the first line 73% → 78%, the right meeting cited
 * 94% → 96%, the mean answer 676 → 65 ms. Only when no sentence is answerable by its words (a question sharing none
 * of the answer's words, or one nothing answers) are they scored again with the engine's embedder, so meaning alone
 * can still find the answer.
 */
export async function scoreForQuestion(embedder: Embedder, ...asked: ScoringAsked): Promise<ScoredSentence[]> {
  hashing ??= createHashingEmbedder();
  const byWords = await scoreSentences(hashing, ...asked);
  if (byWords.length === 0 || byWords[0]!.answerable || embedder.model === hashing.model) return byWords;
  try {
    return await scoreSentences(embedder, ...asked);
  } catch (error) {
    if (!(error instanceof QuestionNotEmbedded)) throw error;
    return byWords;
  }
}
