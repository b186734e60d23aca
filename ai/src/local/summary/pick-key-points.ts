// The key points: facts first (money, figures a meeting asked for or repeated, who takes which role), decisions
// not already listed apart, a life event or two, open questions; chosen by MMR so they do not repeat each other, and
// weighed by what kind of fact each states (fact-weight.ts).

import { alternation, lexiconRegExp, MONTHS, WEEKDAYS } from "../../language";
import { type Candidate, type Pool, QUESTION_END, TRAILS_OFF } from "./candidates";
import { mmr, type Similarity } from "./choose-sentences";
import { isReadBack } from "./confirmed-read-back";
import { factWeight, saysMoney } from "./fact-weight";
import { type KeyPointSignals, keyPointWeight, lifeEventWeight } from "./key-point-score";
import { figuresSaid } from "./restated-figure";

const MAX_OPEN_QUESTIONS = 2;
// "Monday, December 14th, at 11.", "How's Tuesday the 22nd?", "Let's meet again on March 12th": arranging a
// meeting, which the next meeting lists.
const WEEKDAY_OR_CLOCK = lexiconRegExp(
  `\\b(?:${alternation(WEEKDAYS)}|meet again|next meeting|see you (?:on|next))\\b|\\b\\d{1,2}(?::\\d{2})?\\s?(?:a\\.?m\\.?|p\\.?m\\.?|o'clock)(?![\\p{L}])|\\b${alternation(MONTHS)}\\s+\\d{1,2}(?:st|nd|rd|th)?\\b`,
  "iu",
);
// Money or a percentage: a sentence with a day in it that is still about the client's affairs.
const AFFAIRS = /[$€£%]|\b\d{1,3}(?:,\d{3})+\b|\b(?:million|thousand|percent)\b/i;

/** True when the sentence arranges a day or time and says no amount. */
export function arranges(text: string): boolean {
  return WEEKDAY_OR_CLOCK.test(text) && !AFFAIRS.test(text);
}
/**
 * Key-point places kept for life events (a stent, a school, a move) among the ten: one (two took facts' places once
 * the points were ten: 68 → 69 of 89 and 28 → 29 of 39 advisor facts with one).
 */
const LIFE_EVENT_PLACES = 1;

export interface KeyPointRules {
  count: number;
  /** Already among the decisions shown as key points. */
  repeatsDecision: (candidate: Candidate) => boolean;
  /** The indexes of the sentences each candidate's point is made of. */
  sentencesOf: (index: number) => number[];
  /** What each candidate shows as a key point; null when it cannot stand alone. */
  texts: (string | null)[];
  /** Hands the fitting script what the scorer read of each candidate it weighs (never set by the engine). */
  trace?: (rows: { index: number; signals: KeyPointSignals }[]) => void;
}

/** Decisions, figures and open questions; other strong sentences fill in when a meeting has fewer than three. */
export function pickKeyPoints(
  pool: Pool,
  similarity: Similarity,
  inSummary: Set<number>,
  rules: KeyPointRules,
): number[] {
  const all = pool.candidates
    .map((_, i) => i)
    .filter((i) => {
      const c = pool.candidates[i]!;
      // A question is a key point only as an open question ("Open question: …") or when it reads a
      // figure back ("And the loan was 218,000?"); "Luis, what about your pension?" asks, and says nothing.
      const asked = QUESTION_END.test(c.display) && !c.openQuestion && !isReadBack(c.sentence.text);
      // Arranging the next meeting (listed apart) takes no place of its own.
      return rules.texts[i] !== null && !asked && !rules.repeatsDecision(c) && !arranges(c.display);
    });
  // A reply or a "that" sentence is weighed by its own words: the turn quoted with it only makes it readable (weighed
  // as an exchange, such replies took places from facts, 80 → 78 of 89 advisor facts).
  const weighed = (i: number) => {
    const c = pool.candidates[i]!;
    return !c.bare && (c.elliptical || c.leansBack) ? c.display : (rules.texts[i] ?? c.display);
  };
  const isKey = (i: number) => {
    const c = pool.candidates[i]!;
    return c.figure || c.concrete > 0 || c.decision || c.openQuestion;
  };
  const signals = (i: number): KeyPointSignals => {
    const c = pool.candidates[i]!;
    // A price said as a pair ("I'd guess five sixty") is money too, though no money word stays in the point.
    // A guess asked back ("It's worth maybe five-fifty?") is not yet the client's figure.
    const asked = QUESTION_END.test(c.sentence.text);
    return {
      figure: c.figure,
      concrete: c.concrete,
      shorthandMoney: c.shorthandMoney && !asked && !saysMoney(weighed(i)),
      echoed: c.echoed,
      decision: c.decision,
      exchange: Boolean(c.bare || c.elliptical || c.leansBack),
      openQuestion: c.openQuestion,
      words: c.words,
      // Said in the summary already: a fact not yet told comes first.
      inSummary: inSummary.has(i),
      // A figure said in a few words ("His cell is 612-555-0148.") is far from the meeting's centroid yet worth a
      // line: its relevance is raised towards the floor (key-point-score.ts).
      relevance: pool.relevance[i]!,
      whole: !TRAILS_OFF.test(c.sentence.text),
      // Money, roles and numbers to write down over other figures; an exchange over a remark; a case over what is so.
      factWeight: factWeight(weighed(i)),
    };
  };
  const weight = (i: number) => keyPointWeight(signals(i));
  rules.trace?.(all.filter(isKey).map((i) => ({ index: i, signals: signals(i) })));
  // Sentences already in a point: a point that repeats one of them (the same answer joined to another question) says
  // nothing new.
  const used = new Set<number>();
  const overlaps = (index: number) => rules.sentencesOf(index).some((at) => used.has(at));
  const use = (index: number) => {
    for (const at of rules.sentencesOf(index)) used.add(at);
  };
  let openQuestions = 0;
  let lifeCount = 0;
  // Figures the key points already give: a later point whose every figure is among them says nothing new.
  const figuresGiven = new Set<string>();
  const accept = (index: number, picked: number[]) => {
    if (picked.length + lifeCount >= rules.count) return false;
    const figures = figuresSaid(rules.texts[index] ?? "");
    if (figures.length > 0 && figures.every((digits) => figuresGiven.has(digits))) return "skip";
    if (overlaps(index)) return "skip";
    // Open questions are worth a line or two; the rest of the list is facts and decisions.
    if (pool.candidates[index]!.openQuestion && pool.candidates[index]!.concrete === 0) {
      if (openQuestions >= MAX_OPEN_QUESTIONS) return "skip";
      openQuestions++;
    }
    for (const digits of figures) figuresGiven.add(digits);
    use(index);
    return true;
  };
  // Life events first, in places of their own: a stent or a school admission cannot outrank money figures, yet an
  // advisor writes it down.
  const lifePlaces = Math.min(LIFE_EVENT_PLACES, rules.count);
  // Short events sit far from the centroid: relevance is raised towards the floor, and the real relevance still
  // orders events that would otherwise tie there.
  const lifeWeight = (i: number) => lifeEventWeight(pool.relevance[i]!, inSummary.has(i));
  const lives = mmr(
    pool,
    similarity,
    all.filter((i) => pool.candidates[i]!.lifeEvent && !QUESTION_END.test(pool.candidates[i]!.display)),
    lifeWeight,
    (index, picked) => {
      if (picked.length >= lifePlaces) return false;
      if (overlaps(index)) return "skip";
      use(index);
      for (const digits of figuresSaid(rules.texts[index] ?? "")) figuresGiven.add(digits);
      return true;
    },
  );
  const livesSet = new Set(lives);
  lifeCount = lives.length;
  const facts = mmr(
    pool,
    similarity,
    all.filter((i) => isKey(i) && !livesSet.has(i)),
    weight,
    accept,
    lives,
  );
  const keyed = [...lives, ...facts];
  if (keyed.length >= 3) return keyed;
  const fill = mmr(
    pool,
    similarity,
    all.filter((i) => !isKey(i) && !QUESTION_END.test(pool.candidates[i]!.display)),
    () => 1,
    (_index, picked) => picked.length < 3 - keyed.length,
    keyed,
  );
  return [...keyed, ...fill];
}
