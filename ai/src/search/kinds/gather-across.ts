// Questions across clients ("which clients have RMDs coming up?"): every meeting of the period is searched for the
// subject, and each client whose meetings hold a relevant sentence is listed with it. Clients whose meetings say
// nothing about the subject are left out, so the answer is never a list of recent clients.

import { firstMatch, STOP_WORDS, splitWords, stemWord } from "../../language";
import type { Embedder } from "../../types";
import type { Gathered, Passage } from "../answer-types";
import { meetingInfoFor, passagesFromHits } from "../fetch/passages-from-hits";
import { type FetchDeps, retrieveForQuestion } from "../fetch/question-embedding";
import { rankingOf } from "../rank/answer-confidence";
import { passingMention } from "../rank/passing-mention.rules";
import { asEvidence } from "../rank/pick-evidence";
import { isRelevant } from "../rank/relevance";
import { type ScoredSentence, scoreForQuestion } from "../rank/score-sentences";
import {
  headsNoHeavier,
  markSubjectWords,
  subjectSaid,
  subjectShare,
  subjectTerms,
  subjectWeights,
} from "../rank/subject-match";
import { abbreviationsOf, sayAbbreviated, spelledOut } from "../understand/acronyms";
import { type NounCompound, tagQuestion } from "../understand/noun-compounds";
import type { Period } from "../understand/parse-period";
import type { QuestionKind } from "../understand/understand-question";

/** Passages searched across all meetings: enough for a dozen clients with a few passages each. */
const ACROSS_PASSAGES = 40;
/** A client is listed when its best sentence scores at least this share of the best client's. */
const ACROSS_SHARE = 0.6;

export interface ClientFinding {
  clientName: string;
  best: ScoredSentence;
  passage: Passage;
}

/** Consecutive content words, stemmed, as pairs: "term life insurance" → "term life", "life insurance". */
function wordPairs(text: string): string[] {
  const words = splitWords(text)
    .filter((w) => !STOP_WORDS.has(w))
    .map(stemWord);
  const pairs: string[] = [];
  for (let i = 1; i < words.length; i++) pairs.push(`${words[i - 1]} ${words[i]}`);
  return pairs;
}

/**
 * The share of the subject's word pairs the sentence says in that order: "term life insurance" is not "long-term
 * care insurance", though both hold "term" and "insurance".
 */
export function phraseShare(subject: string, sentence: string): number {
  const wanted = wordPairs(subject);
  if (wanted.length === 0) return 0;
  const said = new Set(wordPairs(sentence));
  return wanted.filter((p) => said.has(p)).length / wanted.length;
}

/** How much saying the subject's phrases adds to a sentence's score when clients are compared. */
const PHRASE_WEIGHT = 0.3;
/** How much saying the subject's words (by family, weighted by rarity) adds to it. */
const SUBJECT_WEIGHT = 0.3;
/**
 * A sentence saying this share of the subject's weight is relevant even when the embedder finds it far, and lists its
 * client however it ranks against the best client's: "a 529 plan" says "529 plans for the kids" though another
 * client's "the 529 plans for the kids" echoes the question better.
 */
const SENTENCE_SHARE = 0.5;
/**
 * A client is listed only when one of its passages says this share of the subject's weight: the subject is what
 * the meeting talks about there, not one of its words in passing ("life insurance with a long-term care rider" is
 * no "term life insurance").
 */
const PASSAGE_SHARE = 0.5;
/**
 * Below this share of the subject's words said anywhere in the meetings, no client is listed: of two words, both must
 * be known ("Bitcoin wallets" is not asked of meetings that only say "wallet").
 */
const KNOWN_SHARE = 0.6;

/**
 * Verbs that say how a client relates to the subject, not what it is ("which clients hold…", "who was present at…",
 * "who is worried about…"): left out of the words a meeting must say.
 */
const RELATION_WORDS = new Set(
  (
    "hold holds held holding own owns owned owning have has had having want wants wanted need needs needed ask asks " +
    "asked mention mentions mentioned raise raised bring brought discuss discussed talk talked present attend attends " +
    "attended attending join joined worried concerned interested curious"
  ).split(" "),
);

/** Words asking whether someone was in a meeting ("was Imani present?"): answered by the meetings where they spoke. */
const PRESENCE_WORDS = new Set(["present", "attend", "attends", "attended", "attending", "join", "joined"]);

/** True when one of the passage's speakers is the person the terms name (every term a word of the speaker's name). */
export function spokeIn(passage: Passage, terms: readonly string[]): boolean {
  return (passage.speakers ?? []).some((speaker) => {
    const name = new Set(speaker.toLowerCase().split(/\s+/));
    return terms.length > 0 && terms.every((t) => name.has(t));
  });
}

/** The words of the subject a client's meeting must say: its content words without the relation asked about. */
export function acrossTerms(subject: string): string[] {
  return subjectTerms(subject).filter((w) => !RELATION_WORDS.has(w));
}

/** The clients whose sentences answer the subject, best first: one relevant sentence each (the best). */
export function clientsSupporting(
  scored: readonly ScoredSentence[],
  passages: readonly Passage[],
  subject = "",
  /** Abbreviations of the subject and how the meetings spell them out ("rmd" → "required minimum distribution"). */
  forms: ReadonlyMap<string, string> = new Map(),
  /** The question's noun compounds: a head weighs no more than the words saying which kind it is. */
  compounds: readonly NounCompound[] = [],
  /** The subject's words that say what is done to it ("selling" of "selling a house"): alone they support no one. */
  actions: ReadonlySet<string> = new Set(),
): ClientFinding[] {
  const terms = acrossTerms(subject);
  // "From selling my shop." says the act, not the thing it is done to: a sentence must say a word that is no act.
  const hasThing = terms.some((t) => !actions.has(t));
  const actOnly = (saying: readonly boolean[]) =>
    actions.size > 0 && hasThing && saying.every((yes, i) => !yes || actions.has(terms[i]!));
  const said = (text: string) => subjectSaid(terms, forms.size ? sayAbbreviated(text, forms) : text);
  const known = subjectWeights(
    terms,
    passages.map((p) => (forms.size ? sayAbbreviated(p.content, forms) : p.content)),
  );
  const weights = headsNoHeavier(terms, known, compounds);
  if (terms.length > 0 && weights.filter((w) => w > 0).length < terms.length * KNOWN_SHARE) return [];
  const passageShare = passages.map((p) => (terms.length ? subjectShare(said(p.content).said, weights) : 1));
  const clientShare = new Map<string, number>();
  passages.forEach((p, i) => {
    clientShare.set(p.clientName, Math.max(clientShare.get(p.clientName) ?? 0, passageShare[i]!));
  });
  const ranked = scored
    .map((s) => {
      const { said: saying, denied } = terms.length ? said(s.text) : { said: [], denied: false };
      const share = subjectShare(saying, weights);
      const score = s.score + PHRASE_WEIGHT * phraseShare(subject, s.text) + SUBJECT_WEIGHT * share;
      return { s: { ...s, score }, share, supportsNone: denied || actOnly(saying) };
    })
    .sort((a, b) => b.s.score - a.s.score);
  const presence = subjectTerms(subject).some((w) => PRESENCE_WORDS.has(w));
  const passing = mentionedInPassing(ranked, passages, terms, forms);
  const byClient = new Map<string, ClientFinding & { share: number }>();
  for (const { s, share, supportsNone } of ranked) {
    const passage = passages[s.passage]!;
    // A sentence that says the subject after a "not" ("we don't have any…"), or only its act, supports no client.
    if (byClient.has(passage.clientName) || supportsNone) continue;
    if (presence && !spokeIn(passage, terms)) continue;
    // Its best sentence the only one saying the subject, as one item of a list: a mention in passing.
    if (passing.get(passage.clientName) === s.text) continue;
    if ((clientShare.get(passage.clientName) ?? 0) < PASSAGE_SHARE) continue;
    const relevant = isRelevant({ similarity: s.similarity, coverage: s.coverage, known: s.known });
    if (!relevant && !(terms.length > 0 && share >= SENTENCE_SHARE)) continue;
    byClient.set(passage.clientName, { clientName: passage.clientName, best: s, passage, share });
  }
  const found = [...byClient.values()].sort((a, b) => b.best.score - a.best.score);
  const top = found[0]?.best.score ?? 0;
  return found
    .filter((f) => f.best.score >= top * ACROSS_SHARE || f.share >= SENTENCE_SHARE)
    .map(({ share: _, ...f }) => f);
}

/**
 * The clients whose meetings say the subject in one sentence only, as one item of a list ("we live on the pension
 * and Social Security"), each with that sentence: a mention in passing, not something the client has, does or
 * decided (passing-mention.rules). A client whose best sentence is another one is listed by it.
 */
function mentionedInPassing(
  ranked: readonly { s: ScoredSentence; share: number; supportsNone: boolean }[],
  passages: readonly Passage[],
  terms: readonly string[],
  forms: ReadonlyMap<string, string>,
): Map<string, string> {
  const passing = new Map<string, string>();
  if (terms.length === 0) return passing;
  const saying = new Map<string, Set<string>>();
  for (const { s, share, supportsNone } of ranked) {
    if (supportsNone || share < SENTENCE_SHARE) continue;
    const client = passages[s.passage]!.clientName;
    saying.set(client, (saying.get(client) ?? new Set()).add(s.text));
  }
  for (const [client, sentences] of saying) {
    if (sentences.size !== 1) continue;
    const [only] = sentences;
    const marked = markSubjectWords(terms, forms.size ? sayAbbreviated(only!, forms) : only!);
    if (firstMatch(passingMention, marked)) passing.set(client, only!);
  }
  return passing;
}

/** Passages searched for each subject word on its own (full text), so a meeting wording it otherwise is searched. */
const WORD_PASSAGES = 12;
/** At most this many subject words are searched on their own. */
const WORD_SEARCHES = 6;
/** At most this many clients missing from the first scoring are scored on their own. */
const CLIENTS_SCORED = 12;

/** The abbreviations of the question that are words of the subject ("RMDs" of "rmds coming"). */
function abbreviationsAsked(asked: string, terms: readonly string[]): string[] {
  const said = new Set(terms);
  return abbreviationsOf(asked).filter((a) => said.has(a) || said.has(`${a}s`));
}

/** Every meeting of the period searched for the subject: the passages, and one finding per supporting client. */
export async function gatherAcross(
  deps: FetchDeps,
  subject: string,
  kinds: QuestionKind[],
  period: Period | undefined,
  /** The question as the user wrote it: its capitals tell an abbreviation ("RMDs") the lower-case subject cannot. */
  asked: string,
): Promise<Gathered> {
  const { store, embedder, userId, signal } = deps;
  // The question read by the tagger while the meetings are searched (it loads at the first question).
  const tagged = tagQuestion(asked);
  tagged.catch(() => {}); // a failure is met where it is awaited, below
  const filters = { from: period?.from, to: period?.to };
  // A meeting that says "convert it to Roth" holds "Roth" but not "conversions": each word is searched on its own too.
  const terms = acrossTerms(subject);
  const searchText = (text: string, rareOnly = false) =>
    retrieveForQuestion(deps, text, { k: WORD_PASSAGES, filters, mode: "text", rareOnly });
  // A word in more chunks than full text ranks is not searched alone (the subject's own search still reads it): alone,
  // it would rank an arbitrary part of its chunks, at the cost of a search that reads thousands of them.
  const searchWord = (word: string) => searchText(word, true);
  // The searches are independent: asked at once, their hits joined in the order they were asked.
  const [hits, ...byWord] = await Promise.all([
    retrieveForQuestion(deps, subject, { k: ACROSS_PASSAGES, filters }),
    ...(terms.length > 1 ? terms.slice(0, WORD_SEARCHES).map(searchWord) : []),
  ]);
  const seen = new Set(hits.map((h) => h.id));
  const addHits = (found: typeof hits) => {
    for (const h of found) {
      if (seen.has(h.id)) continue;
      seen.add(h.id);
      hits.push(h);
    }
  };
  for (const found of byWord) addHits(found);
  // An abbreviation asked ("RMDs") is searched again as the meetings spell it out ("required minimum distributions").
  const forms = spelledOut(
    abbreviationsAsked(asked, terms),
    hits.map((h) => h.content),
  );
  for (const found of await Promise.all([...forms.values()].map((form) => searchText(form)))) addHits(found);
  const passages = passagesFromHits(hits, await meetingInfoFor(store, userId, hits));
  // Sentences are scored for the spelled-out form too, or one that only spells it out is never shortlisted.
  const scoredFor = [subject, ...forms.values()].join(" ");
  const scored = await scoreEachClient(embedder, scoredFor, kinds, passages, signal);
  const { compounds, verbs } = await tagged;
  const actions = new Set(terms.filter((t) => t.endsWith("ing") && verbs.has(stemWord(t))));
  const found = clientsSupporting(scored, passages, subject, forms, compounds, actions);
  return {
    passages,
    chosen: found.map((f) => asEvidence(f.best, passages)),
    ranking: rankingOf(found.map((f) => f.best)),
  };
}

/**
 * The passages scored together first, then each client that none of the scored sentences came from on its own:
 * scoring keeps the best few dozen sentences, and one client's many passages on the subject would leave none for a
 * client who said it once. (Scoring every client on its own cost the sentence encoder about three times the time.)
 */
async function scoreEachClient(
  embedder: Embedder,
  subject: string,
  kinds: QuestionKind[],
  passages: readonly Passage[],
  signal?: AbortSignal,
): Promise<ScoredSentence[]> {
  const scored = await scoreForQuestion(embedder, subject, kinds, passages, signal);
  const scoredClients = new Set(scored.map((s) => passages[s.passage]!.clientName));
  const byClient = new Map<string, number[]>();
  passages.forEach((p, i) => {
    if (!scoredClients.has(p.clientName)) byClient.set(p.clientName, [...(byClient.get(p.clientName) ?? []), i]);
  });
  for (const indexes of [...byClient.values()].slice(0, CLIENTS_SCORED)) {
    const own = indexes.map((i) => passages[i]!);
    for (const s of await scoreForQuestion(embedder, subject, kinds, own, signal))
      scored.push({ ...s, passage: indexes[s.passage]! });
  }
  return scored;
}
