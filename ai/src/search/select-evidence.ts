// Sentence selection for Meeting Intelligence answers: the retrieved passages are cut into whole sentences (each
// with its speaker), and every sentence is scored by semantic similarity to the question (the engine's embedder, one
// batch), by the share of the question's terms it covers, and by whether it holds the kind of fact the question asks
// for (a name, a date, an amount, a decision or commitment). The best sentence is the answer's finding; when even
// the best one is too weak, nothing in the meetings answers the question.
//
// Every scan here is a loop over characters or a flat alternation between word boundaries: linear in the text.

import { splitIntoWindows } from "../intelligence/embedding-windows";
import { STOP_WORDS, splitWords, stemWord } from "../local/text-tokens";
import type { Embedder } from "../types";
import type { Evidence, Passage } from "./answer-types";
import { joinCutLines } from "./join-cut-lines";
import { asksFullName, mentionsName, NOT_NAMES, namesWrittenIn, writesNameOut } from "./proper-names";
import { QUESTION_WORDS } from "./question-frame";
import { SAME_SENSE, sameSenseFor } from "./same-sense";
import { detectQuestionKinds, type QuestionKind } from "./understand-question";

/** Sentences embedded per question at most (one batch): the best by term overlap and passage rank. */
export const MAX_EMBEDDED_SENTENCES = 48;

/**
 * Relevance thresholds, calibrated with `bun run ai/bench/answers.ts --calibrate` on the off-topic and advisor
 * question sets (ai/bench/answers/question-sets.ts): the best sentence must cover at least MIN_COVERAGE of the
 * question's terms (discounted by the share of them the meetings hold at all) and that coverage plus its similarity
 * must reach MIN_COMBINED; a sentence sharing fewer terms passes only when it is a close paraphrase
 * (PARAPHRASE_SIMILARITY).
 */
export const RELEVANCE = {
  minCoverage: 0.3,
  minCombined: 0.75,
  paraphraseSimilarity: 0.6,
  /** The question is answerable when one of this many best-scored sentences is relevant. */
  topSentences: 5,
};

/** The question's content terms, stemmed, each once. */
export function questionTerms(question: string): string[] {
  const terms = new Set<string>();
  for (const word of splitWords(question.slice(0, 1000))) {
    if (QUESTION_WORDS.has(word) || STOP_WORDS.has(word)) continue;
    if (word.length < 2 && !isDigit(word)) continue;
    // "monthly" asks for a rate ("a month"), not a duration ("six months").
    terms.add(RATE_ADJECTIVES.get(word) ?? stemWord(word));
  }
  return [...terms];
}

/** Rate adjectives and the rate term they stand for; "a month", "per month" and "each month" say the same. */
const RATE_ADJECTIVES = new Map([
  ["daily", "per-day"],
  ["weekly", "per-week"],
  ["monthly", "per-month"],
  ["quarterly", "per-quarter"],
  ["annual", "per-year"],
  ["annually", "per-year"],
  ["yearly", "per-year"],
]);
const RATE_UNITS = new Map([
  ["day", "per-day"],
  ["week", "per-week"],
  ["month", "per-month"],
  ["quarter", "per-quarter"],
  ["year", "per-year"],
]);
const RATE_WORDS = new Set(["a", "an", "per", "each", "every"]);

/** A text's terms: its words stemmed, and the rates it states ("sixteen thousand a month" holds "per-month"). */
export function textTerms(text: string): Set<string> {
  const words = splitWords(text);
  const terms = new Set<string>();
  words.forEach((word, i) => {
    terms.add(stemWord(word));
    const rate = RATE_ADJECTIVES.get(word) ?? (RATE_WORDS.has(word) ? RATE_UNITS.get(words[i + 1] ?? "") : undefined);
    if (rate) terms.add(rate);
  });
  return terms;
}

const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";
const isSpace = (c: string | undefined) => c === " " || c === "\t" || c === "\n" || c === "\r";
const isLower = (c: string | undefined) => c !== undefined && c !== c.toUpperCase() && c === c.toLowerCase();
const isLetter = (c: string | undefined) => c !== undefined && c.toLowerCase() !== c.toUpperCase();
const SENTENCE_END = new Set([".", "!", "?", "…"]);
const CLOSERS = new Set(['"', "'", ")", "]", "”", "’"]);
const ABBREVIATIONS = new Set(["mr", "mrs", "ms", "dr", "prof", "st", "jr", "sr", "vs", "etc", "inc", "ltd", "co"]);
const ABBREVIATIONS_WITH_DOT = new Set(["e.g", "i.e"]);

/** The word (letters and inner dots) right before `end`, at most 8 characters back. */
function wordBefore(text: string, from: number, end: number): string {
  let i = end;
  while (i > from && end - i < 8 && (isLetter(text[i - 1]) || text[i - 1] === ".")) i--;
  return text.slice(i, end);
}

/**
 * Whole sentences of one turn, cut at `.`, `!`, `?` or `…` followed by a space, unless the next word starts in lower
 * case after text written without a space before the stop (decimals, abbreviations and initials stay whole).
 * Transcripts written with spaced stops (" .", as in QMSum) are cut at every stop.
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (!SENTENCE_END.has(text[i]!)) continue;
    let end = i + 1;
    while (end < text.length && (SENTENCE_END.has(text[end]!) || CLOSERS.has(text[end]!))) end++;
    if (end < text.length && !isSpace(text[end])) {
      i = end - 1;
      continue;
    }
    let next = end;
    while (next < text.length && isSpace(text[next])) next++;
    if (next >= text.length) break;
    const spacedStop = i > start && isSpace(text[i - 1]);
    if (!spacedStop) {
      const word = wordBefore(text, start, i).toLowerCase();
      const abbreviation =
        text[i] === "." &&
        (ABBREVIATIONS.has(word) ||
          ABBREVIATIONS_WITH_DOT.has(word) ||
          (word.length === 1 && word !== "i" && isLetter(word) && text[i - 1] !== text[i - 1]!.toLowerCase()));
      if (abbreviation || isLower(text[next])) {
        i = end - 1;
        continue;
      }
    }
    const sentence = text.slice(start, end).trim();
    if (sentence) sentences.push(sentence);
    start = next;
    i = next - 1;
  }
  const rest = text.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}

/** "Dana Whitfield: text" → speaker and text, when the prefix is one of the passage's speakers or looks like a name. */
export function splitSpeaker(line: string, speakers: readonly string[] = []): { speaker: string | null; text: string } {
  for (const s of speakers) {
    if (s && line.startsWith(`${s}: `)) return { speaker: s, text: line.slice(s.length + 2) };
  }
  const colon = line.indexOf(": ");
  if (colon > 0 && colon <= 40 && !isLower(line[0])) {
    const prefix = line.slice(0, colon);
    let nameLike = true;
    for (const c of prefix) {
      if (!(isLetter(c) || isDigit(c) || c === " " || c === "." || c === "'" || c === "-" || c === "_")) {
        nameLike = false;
        break;
      }
    }
    if (nameLike && prefix.split(" ").length <= 4) return { speaker: prefix, text: line.slice(colon + 2) };
  }
  return { speaker: null, text: line };
}

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
  /** A question said in the meeting joined to the reply that answers it. */
  pair?: boolean;
  /** A pair's reply: the fact asked is looked for there, not in the question ("Eleven thousand a month? — That's the
   * question the bank will ask." states no figure). */
  reply?: string;
}

const LABEL = /^(?:Key points|Action items|Next meeting):\s*/;

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
              pair: true,
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

// Features of the kinds of fact a question asks for. Flat alternations between word boundaries (linear).
const AMOUNT =
  /\d|\$|€|£|\b(?:percent|thousand|hundred|million|billion|dollars?|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|eleven|twelve|fifteen|half|quarter)\b/i;
/** Amounts of money, shares or rates ("$48,000", "seventy thousand", "3.4 percent"), not a count of months. */
const MONEY_OR_SHARE = /\$|€|£|%|\d{3}|\d,\d|\d\.\d|\b(?:percent|thousand|hundred|million|billion|dollars?|bucks|k)\b/i;
/** Retirement plans named by their tax-code section ("401(k)", "403 B", "457b"): names, not amounts. */
const PLAN_NAME = /\b\d{3}\s?\(?[abk]\)?(?![\p{L}\d])/giu;

/** Tax forms named by their number ("1099-R", "1120-S", "W-2", "Form 8606"): names, not amounts. */
const FORM_NAME = /\b(?:\d{3,4}-[a-z]{1,3}|w-?2|form\s+\d{3,4})(?![\p{L}\d])/giu;

/** The text with plan and tax-form numbers written as words: they name a thing, they state no amount. */
const withoutNumberedNames = (text: string) => text.replace(PLAN_NAME, "plan").replace(FORM_NAME, "form");

/** True when the text states an amount of money, a share or a rate (a plan's or a form's number is no amount). */
export function statesFigure(text: string): boolean {
  const plain = withoutNumberedNames(text);
  return MONEY_OR_SHARE.test(plain) || (TENS.test(plain) && RATE.test(plain));
}
/** Tens said as words ("fifty-one twenty"), and a rate after them ("a month"): a spoken amount like "$5,120 a month". */
const TENS = /\b(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)\b/i;
const RATE = /\b(?:a|per|each|every)\s+(?:month|year|week|quarter)\b|\b(?:monthly|annually|yearly)\b/i;
/** A number of things, in digits or in words ("14", "fourteen", "a dozen"). */
const COUNT =
  /\d|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|dozen)\b/i;
const DATE =
  /\b(?:january|february|march|april|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tomorrow|yesterday|tonight|weekend|day|days|week|weeks|month|months|quarter|year|years|deadline|spring|summer|autumn|fall|winter)\b|\b(?:19|20)\d\d\b|\b\d{1,2}(?:st|nd|rd|th)\b/i;
/**
 * A day on the calendar ("October 10th", "Thursday", "the 17th", "10/14"), which answers "when" better than a span
 * ("in about three weeks", "next month").
 */
const CALENDAR_DAY =
  /\b(?:january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tomorrow|tonight)\b|\b\d{1,2}(?:st|nd|rd|th)\b|\b\d{1,2}\/\d{1,2}\b|\b(?:19|20)\d\d-\d\d-\d\d\b/i;
const DECISION =
  /\b(?:agree|agreed|agreement|decide|decided|decision|will|won't|we'll|i'll|you'll|he'll|she'll|they'll|let's|going to|plan to|recommend|recommendation|go ahead|settled|approve|approved|confirm|confirmed|commit|committed|deal)\b/i;
/** Digits that name something: a phone, account or policy number ("651-555-0142", "4471 0038", "Z48-19362"). */
const IDENTIFIER = /\b\d{3,}[-. ]\d{3,}|\d{6,}|\b[A-Z]{1,3}\d{2,}-?\d{3,}/;
const FIRST_PERSON_COMMITMENT = /\b(?:i'll|i will|i can|i'm going to|i am going to|let me)\b/i;
/** A word that is (part of) an amount: digits, a currency sign, or a number word of money ("thousand", "forty"). */
const FIGURE_WORD =
  /\d|\$|€|£|%|^(?:percent|thousand|hundred|million|billion|dollars?|bucks|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)\b/i;
/**
 * One word that is a plan's or a form's number ("401(k)", "1099-R"), or a retirement or college plan said by its
 * number alone ("the 457", "her 529"): a name, no figure.
 */
const NUMBERED_NAME_WORD = /^\W*(?:\d{3}\(?[abk]\)?|\d{3,4}-[a-z]{1,3}|w-?2|(?:401|403|457|529)s?)\W*$/i;
/** Units of time: a rate ("a year") says when, not what, so it ties no figure to what was asked. */
const TIME_UNITS = new Set([
  "day",
  "week",
  "month",
  "quarter",
  "year",
  "per-day",
  "per-week",
  "per-month",
  "per-quarter",
  "per-year",
]);
const REFERRING_START = /^(?:it|it's|it’s|that|that's|that’s|this|they|they're|they’re|which)\b/i;
/** How far (in words) a figure may stand from a word of the question and still be the figure asked for. */
export const FIGURE_REACH = 8;
/** A sentence this short is all answer: its figure is what the sentences before it were about. */
const ELLIPTIC_WORDS = 8;

/**
 * True when a figure in the sentence stands within FIGURE_REACH words of one of the question's words (or another word
 * for it, see same-sense.ts), or the sentence is short: "Gideon pays out the distribution, about seventeen thousand, and we'll do your church giving as a
 * QCD" states a figure, but not the church giving's.
 */
export function figureNearTerms(text: string, terms: readonly string[], before = ""): boolean {
  const words = text.split(" ").filter(Boolean);
  if (words.length <= ELLIPTIC_WORDS) return true;
  const own = terms.filter((t) => !TIME_UNITS.has(t));
  // A word said in other words ("what will it cost" — "the premium is $5,900") is near its figure as itself is.
  const asked = new Set([...own, ...own.flatMap((t) => SAME_SENSE.get(t) ?? [])]);
  // A sentence opening on a pronoun ("It pays up to ten thousand a month.") is about what was said just before it.
  if (REFERRING_START.test(text) && [...textTerms(before)].some((t) => asked.has(t))) return true;
  let lastFigure = -Infinity;
  let lastTerm = -Infinity;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (FIGURE_WORD.test(word) && !NUMBERED_NAME_WORD.test(word)) {
      if (i - lastTerm <= FIGURE_REACH) return true;
      lastFigure = i;
    }
    const bare = splitWords(word);
    if (bare.some((w) => asked.has(stemWord(w)))) {
      if (i - lastFigure <= FIGURE_REACH) return true;
      lastTerm = i;
    }
  }
  return false;
}

/** Which of the asked kinds of fact the sentence holds (0 to 1; 0 when the question asks for none). */
export function kindMatch(
  text: string,
  speaker: string | null,
  kinds: readonly QuestionKind[],
  /** The meeting's names (namesWrittenIn): a sentence may start with one ("Carmen."). */
  known?: ReadonlySet<string>,
): number {
  if (kinds.length === 0) return 0;
  const normal = text.replace(/’/g, "'");
  let hits = 0;
  for (const kind of kinds) {
    if (kind === "amount" && AMOUNT.test(normal)) hits += statesFigure(normal) ? 1 : 0.5;
    else if (kind === "count" && COUNT.test(normal)) hits++;
    else if (kind === "identifier" && IDENTIFIER.test(normal)) hits++;
    else if (kind === "when" && DATE.test(normal)) hits += CALENDAR_DAY.test(normal) ? 1 : 0.5;
    else if (kind === "decision" && DECISION.test(normal)) hits++;
    else if (
      kind === "who" &&
      (mentionsName(normal, known) || (speaker !== null && FIRST_PERSON_COMMITMENT.test(normal)))
    )
      hits++;
  }
  return hits / kinds.length;
}

const FILLER =
  /^(?:thanks|thank you|good morning|good afternoon|good evening|hi|hello|okay|ok|sure|great|yes|yeah|no|right|sounds good|sounds right|perfect|absolutely|of course|um|uh|so)\b/i;

function wordCount(text: string): number {
  let n = 0;
  let inWord = false;
  for (const c of text) {
    const word = !isSpace(c);
    if (word && !inWord) n++;
    inWord = word;
  }
  return n;
}

/** The share of the question's terms found in the sentence, its speaker or its meeting's title and client. */
export function termCoverage(
  terms: readonly string[],
  sentence: string,
  context: string,
  /** Acronyms the question wrote in capitals ("rmd"), matched by the initials of the sentence's words. */
  acronymsAsked: ReadonlySet<string> = new Set(),
  /** Each term's rarity among the candidate sentences (1 when not given): see rarityWeights. */
  rarity: ReadonlyMap<string, number> = new Map(),
  /** What was said just before the sentence: a term named there counts for half. */
  preceding = "",
  /** The other words each term counts in (same-sense.ts): without those of money unless an amount is asked. */
  sameSense: ReadonlyMap<string, readonly string[]> = SAME_SENSE,
): number {
  if (terms.length === 0) return 0;
  const words = textTerms(sentence);
  for (const term of acronymTerms(terms, sentence, acronymsAsked)) words.add(term);
  const around = textTerms(context);
  const earlier = preceding ? textTerms(preceding) : new Set<string>();
  let total = 0;
  let matched = 0;
  for (const term of terms) {
    const weight = termWeight(term) * (rarity.get(term) ?? 1);
    total += weight;
    if (words.has(term)) matched += weight;
    else if (around.has(term) || sameSense.get(term)?.some((w) => words.has(w))) matched += weight * 0.75;
    else if (earlier.has(term)) matched += weight * PRECEDING_WEIGHT;
  }
  return matched / total;
}

/** How much a question term counts when it was said just before the sentence rather than in it. */
export const PRECEDING_WEIGHT = 0.5;

/** Words written in capitals, 2 to 5 letters ("RMD", "IRA"): the acronyms of a text, lower-cased. */
function capitalWords(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(" ")) {
    let start = 0;
    let end = raw.length;
    while (start < end && !isLetter(raw[start])) start++;
    while (end > start && !isLetter(raw[end - 1])) end--;
    const word = raw.slice(start, end).replace(/['’]s$/, "");
    if (word.length < 2 || word.length > 5) continue;
    let capitals = true;
    for (const c of word) if (!(c >= "A" && c <= "Z")) capitals = false;
    if (capitals) out.push(word.toLowerCase());
  }
  return out;
}

/** Runs of 2 to 5 content words and their initials: "required minimum distribution" → "rmd". */
function initialRuns(text: string): { initials: string }[] {
  const words = splitWords(text).filter((w) => !STOP_WORDS.has(w) && !QUESTION_WORDS.has(w));
  const runs: { initials: string }[] = [];
  for (let i = 0; i < words.length; i++) {
    for (let n = 2; n <= 5 && i + n <= words.length; n++) {
      runs.push({
        initials: words
          .slice(i, i + n)
          .map((w) => w[0])
          .join(""),
      });
    }
  }
  return runs;
}

/**
 * The question terms a sentence holds by acronym: "RMD" in the sentence stands for the question's "required minimum
 * distribution", and "required minimum distribution" in the sentence for an "RMD" the question wrote in capitals.
 */
function acronymTerms(terms: readonly string[], sentence: string, acronymsAsked: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const capitals = capitalWords(sentence);
  if (capitals.length) {
    const runs = initialRunsOfTerms(terms);
    for (const acronym of capitals) for (const run of runs.get(acronym) ?? []) out.push(...run);
  }
  if (acronymsAsked.size) {
    for (const run of initialRuns(sentence)) if (acronymsAsked.has(run.initials)) out.push(run.initials);
  }
  return out;
}

/** The question terms' runs (in the question's order) by their initials. */
function initialRunsOfTerms(terms: readonly string[]): Map<string, string[][]> {
  const byInitials = new Map<string, string[][]>();
  for (let i = 0; i < terms.length; i++) {
    for (let n = 2; n <= 5 && i + n <= terms.length; n++) {
      const run = terms.slice(i, i + n);
      const initials = run.map((t) => t[0]).join("");
      byInitials.set(initials, [...(byInitials.get(initials) ?? []), run]);
    }
  }
  return byInitials;
}

/**
 * The share of the question's term weight (as in termCoverage) that the passages hold anywhere, their titles, clients
 * and speakers included. Retrieval ranks by these very terms, so a term none of the best passages holds is one the
 * meetings hardly use: "France" in "What is the capital of France?" when the meetings speak of working capital.
 */
export function knownTermShare(terms: readonly string[], passages: readonly Passage[]): number {
  if (terms.length === 0) return 0;
  const known = new Set<string>();
  for (const p of passages) {
    const amountWords = MONEY_OR_SHARE.test(p.content) ? AMOUNT_WORDS : "";
    const text = `${p.content} ${p.title} ${p.clientName} ${(p.speakers ?? []).join(" ")} ${amountWords}`;
    for (const term of textTerms(text)) known.add(term);
  }
  let total = 0;
  let matched = 0;
  for (const term of terms) {
    const weight = termWeight(term);
    total += weight;
    if (known.has(term)) matched += weight;
  }
  return matched / total;
}

/** Numbers and long words say more about what is asked than short common ones. */
/**
 * How much rarer than the others each question term is among the candidate sentences (with their context): a term
 * most sentences hold ("company" in a company's meetings) tells them apart less than one few hold ("burn").
 */
export function rarityWeights(terms: readonly string[], texts: readonly string[]): Map<string, number> {
  const holding = new Map<string, number>(terms.map((t) => [t, 0]));
  for (const text of texts) {
    const words = textTerms(text);
    for (const term of terms) if (words.has(term)) holding.set(term, holding.get(term)! + 1);
  }
  const n = texts.length;
  return new Map(terms.map((t) => [t, 1 + RARITY_WEIGHT * Math.log((n + 1) / (holding.get(t)! + 1))]));
}

/**
 * How much a term's rarity among the candidate sentences adds to its weight. 0.5 took the advisor set from 40 to 42
 * of 46 with the sentence encoder (hashing: 42 either way); 1.0 made one on-topic question "nothing found".
 */
export const RARITY_WEIGHT = 0.5;

const termWeight = (term: string) => (/\d/.test(term) ? 2 : term.length >= 6 ? 1.25 : 1);

function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

const isAlphanumeric = (c: string | undefined) => c !== undefined && ((c >= "a" && c <= "z") || isDigit(c));

/** The word without the punctuation around it (a scan from each end, linear). */
function trimToAlphanumeric(word: string): string {
  let start = 0;
  let end = word.length;
  while (start < end && !isAlphanumeric(word[start])) start++;
  while (end > start && !isAlphanumeric(word[end - 1])) end--;
  return word.slice(start, end);
}

/** The text without the words in `drop` (compared in lower case, punctuation around them ignored). */
function withoutWords(text: string, drop: ReadonlySet<string>): string {
  if (drop.size === 0) return text;
  return text
    .split(" ")
    .filter((word) => {
      const bare = trimToAlphanumeric(word.toLowerCase());
      return !drop.has(bare) && !drop.has(bare.replace(/['’]s$/, ""));
    })
    .join(" ");
}

/** The capitalised words a question names after its first word ("Mateo", "Kenji"), lower case, without "'s". */
export function namesIn(question: string): string[] {
  return question
    .slice(0, 1000)
    .split(" ")
    .slice(1)
    .map((w) => trimToAlphanumericCase(w).replace(/['’]s$/, ""))
    .filter((w) => w.length > 1 && w[0] !== w[0]!.toLowerCase() && !NOT_NAMES.has(w))
    .map((w) => w.toLowerCase());
}

/** The word without the punctuation around it, its case kept. */
function trimToAlphanumericCase(word: string): string {
  let start = 0;
  let end = word.length;
  while (start < end && !isAlphanumeric(word[start]!.toLowerCase())) start++;
  while (end > start && !isAlphanumeric(word[end - 1]!.toLowerCase())) end--;
  return word.slice(start, end);
}

const SECOND_PERSON = /\b(?:you|your|yours|yourself|you're|you've|you'll|you'd)\b/i;

/**
 * Who "you" is in a sentence said in the meeting: the passage's other speakers. "Margaret's IRA" is the "your IRA"
 * Dana said to Margaret.
 */
function addressees(c: CandidateSentence, p: Passage): string {
  if (c.speaker === null || !SECOND_PERSON.test(c.text.replace(/’/g, "'"))) return "";
  return (p.speakers ?? []).filter((s) => s !== c.speaker).join(" ");
}

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

/** Words that ask for an amount without naming what kind: any amount answers them (as context, not in full). */
const AMOUNT_WORDS = "worth value balance amount total sum figure";

const FACT_KINDS: QuestionKind[] = ["amount", "count", "when", "who", "identifier"];
/** How much a summary or note sentence yields to a transcript sentence for a fact question. */
export const SUMMARY_PENALTY = 0.05;

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
  const known = knownTermShare(terms, passages);
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
    passage: Passage;
  },
): Omit<ScoredSentence, "answerable"> {
  const { kinds } = q;
  let kind = kindMatch(withoutWords(c.reply ?? c.text, q.numberTerms), c.speaker, kinds, q.names);
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
  if (kind === 0 && FACT_KINDS.some((k) => kinds.includes(k))) score -= 0.1;
  if (words < 4 && !/\d/.test(c.text)) score -= 0.15;
  if (words < 8 && FILLER.test(c.text)) score -= 0.1;
  // A fact asked for (how much, when, who) is best answered by the moment it was said: a summary line or a note
  // restates it, often rounded or mixed with other figures, and links to no moment.
  if (FACT_KINDS.some((k) => kinds.includes(k)) && q.passage.source !== "transcript") score -= SUMMARY_PENALTY;
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
    ...(c.pair ? { pair: true } : {}),
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

/**
 * True when the sentence is relevant enough to answer from (see RELEVANCE). Its coverage counts in proportion to the
 * share of the question the meetings know at all (`known`): one shared word ("capital") does not make "What is the
 * capital of France?" a question about meetings where "France" is never said. Given the best of scoreSentences,
 * whether any of the top sentences is (`answerable`): the ranking weighs the kind of fact, relevance does not.
 */
export function isRelevant(
  best: { similarity: number; coverage: number; known?: number; answerable?: boolean } | undefined,
): boolean {
  if (!best) return false;
  if (best.answerable !== undefined) return best.answerable;
  return relevantSentence(best);
}

/**
 * Relevance for a question already scoped to a client the user named: the sentences come from that client's
 * meetings only, so a sentence holding a good share of the question's other terms answers it even when the
 * embedder finds it far ("Ruth's fee for the trust package" said as "thirty-nine hundred flat").
 */
export const CLIENT_SCOPED_COVERAGE = 0.4;

export function relevantForClient(s: { similarity: number; coverage: number; known?: number }): boolean {
  return (
    relevantSentence(s) ||
    s.coverage >= CLIENT_SCOPED_COVERAGE ||
    (s.coverage >= RELEVANCE.minCoverage && s.coverage + s.similarity >= RELEVANCE.minCombined)
  );
}

function relevantSentence(s: { similarity: number; coverage: number; known?: number }): boolean {
  if (s.similarity >= RELEVANCE.paraphraseSimilarity) return true;
  const coverage = s.coverage * (s.known ?? 1);
  return coverage >= RELEVANCE.minCoverage && coverage + s.similarity >= RELEVANCE.minCombined;
}

function stems(text: string): Set<string> {
  return new Set(splitWords(text).map(stemWord));
}

function overlap(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / Math.max(1, Math.min(a.size, b.size));
}

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
  const index = scored
    .slice(1, FIGURE_LOOKAHEAD)
    .findIndex((s) => statesFigure(s.text) && s.coverage >= best.coverage * 0.5);
  if (index < 0) return scored;
  const figure = scored[index + 1]!;
  return [figure, ...scored.filter((s) => s !== figure)];
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
  const index = scored
    .slice(1, FIGURE_LOOKAHEAD)
    .findIndex((s) => s.kind > 0 && holdsFact(s.text, facts, names) && s.coverage >= best.coverage * 0.5);
  if (index < 0) return scored;
  const fact = scored[index + 1]!;
  return [fact, ...scored.filter((s) => s !== fact)];
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
): (Omit<Evidence, "seconds"> & { passage: number })[] {
  const names = namesWrittenIn(passages.map((p) => p.content));
  const scored = factFirst(kinds.includes("amount") ? figureFirst(ranked) : ranked, kinds, names);
  const chosen: (Omit<Evidence, "seconds"> & { passage: number })[] = [];
  const chosenStems: Set<string>[] = [];
  const perPassage = new Map<number, number>();
  for (const s of scored) {
    if (chosen.length >= max) break;
    if (chosen.length > 0 && s.score < scored[0]!.score * 0.5) break;
    if ((perPassage.get(s.passage) ?? 0) >= 2) continue;
    const words = stems(s.text);
    if (chosenStems.some((c) => overlap(words, c) > 0.7)) continue;
    const p = passages[s.passage]!;
    // A finding of a few words, or one that leads up to the asked fact ("Next, the RMD." → "It is $31,400."),
    // takes the next sentence of its turn along.
    const leadsUp =
      (s.kind === 0 && s.next !== null && kinds.length > 0 && kindMatch(s.next, s.speaker, kinds, names) > 0) ||
      figureFollows(s);
    const answeredLater = chosen.length === 0 && !leadsUp && s.kind === 0 ? factFollowing(s, kinds, names) : undefined;
    const text = s.correctedBy
      ? `${s.text} ${s.correctedBy}`
      : s.next && (wordCount(s.text) < 6 || (chosen.length === 0 && leadsUp))
        ? `${s.text} ${s.next}`
        : answeredLater
          ? `${s.text} … ${answeredLater.speaker && answeredLater.speaker !== s.speaker ? `${answeredLater.speaker}: ` : ""}${answeredLater.text}`
          : s.text;
    chosen.push({
      passage: s.passage,
      meetingId: p.meetingId,
      title: p.title,
      date: p.date,
      clientName: p.clientName,
      source: p.source,
      speaker: s.speaker,
      text,
      score: s.score,
      similarity: s.similarity,
      coverage: s.coverage,
    });
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

/** Where a sentence was said: the start of the segment (within the passage's segments) whose text holds it. */
export function momentOf(
  sentence: string,
  passage: Passage,
  segments: readonly { start: number | null; text: string }[] | undefined,
): number | null {
  const fallback = passage.startSeconds ?? null;
  if (!segments || !passage.segmentIndexes) return fallback === null ? null : Math.floor(fallback);
  const [first, last] = passage.segmentIndexes;
  const probe = sentence.slice(0, 80);
  const head = sentence.slice(0, 24);
  for (let i = Math.max(0, first); i <= Math.min(last, segments.length - 1); i++) {
    const segment = segments[i]!;
    if (segment.start === null) continue;
    const text = segment.text.replace(/\s+/g, " ");
    if (text.includes(probe)) return Math.floor(segment.start);
    // A sentence joined across caption cues starts in the segment that ends with its beginning.
    const at = text.indexOf(head);
    if (at >= 0 && sentence.startsWith(text.slice(at).trimEnd())) return Math.floor(segment.start);
  }
  return fallback === null ? null : Math.floor(fallback);
}
