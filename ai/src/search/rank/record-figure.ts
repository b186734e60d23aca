// A figure of the meetings' records of facts that answers an amount asked (issue 38: lead with a fact, not a quote).
// The record says what each figure measures ("Appraisal: $362,000", subject "appraisal"), so a question whose words
// name every word of that subject asks for it: "What did the house appraise at?" names "appraisal", "What's in the
// brokerage account?" names "brokerage account". Whether the answer may lead with it is the fitted confidence's to
// say (rank/answer-confidence.ts); nothing here decides it.
import { STOP_WORDS, splitWords } from "../../language";
import type { SummaryFact } from "../../types";
import { questionTerms, textTerms } from "../understand/question-terms";

/** How a question asks an amount, beyond what it is of: these words name no subject of their own. */
const ASKING = new Set(
  (
    "much big larg high worth valu amount total sum figur get put go going " +
    "now current currentli latest last todai year month week dai money number"
  ).split(" "),
);
/** Terms of a question asking a rate: a percentage answers it, and nothing else does. */
const RATE = new Set(["rat", "rate", "percent", "percentag", "interest", "share"]);
/** A figure said as a bound ("ABLE account: up to $100,000.") is a limit: it answers only a question of one. */
const BOUNDS = ["up to", "under", "over", "at least", "at most", "no more than"];
const LIMIT_ASKED = /^(?:limit|max|cap|most|least|minimum|min|ceil|floor|threshold)/;
/** Terms of a question asking what something is worth now: a figure said per month or year is no answer. */
const STOCK = new Set(["worth", "valu", "balanc", "pric", "apprais", "appraisal"]);
/** The share of the question's subject a figure's subject must name to answer it. */
const MOST_OF_THE_QUESTION = 0.5;
/** A street the question names ("the Maple Street house", "Elm Road list price?") stands for the home on it. */
const STREET = /\b[A-Z][a-z]+\s+(?:Lane|Street|Road|Avenue|Drive|Boulevard|Way|Terrace)\b/;
/** A figure's subject words for a home (stemmed): named by the street the home is on. */
const HOME = new Set(["hous", "hom", "condo", "townhous", "duplex", "cottag", "apart", "cabin", "farm", "properti"]);
/** The question term a named street stands as. */
const HOME_ON_STREET = "home-on-street";
/** An amount said in the question ("an $80,000 conversion", "$1.5 million of 10-year term") names no subject. */
const AMOUNT_IN_QUESTION = /\$\s?[\d.,]+(?:\s*(?:million|thousand|k)\b)?|\b\d+-(?:year|month)\b/gi;

/** A figure of one meeting's record, with the meeting it is of. */
export interface RecordFigure {
  meetingId: number;
  fact: SummaryFact;
}

/** The figure found, with the share of the question's subject its subject names. */
export interface RecordFigureAnswer extends RecordFigure {
  coverage: number;
}

/** Stems of saying what a thing is worth: an appraisal is a valuation ("appraise at" asks "was valued at"). */
const VALUE_KIN = new Set(["apprais", "appraisal", "valu", "valuat"]);
/**
 * An act asked as a verb, and the noun a figure of it is named by: "leaving Toby" asks the bequest, "give to the
 * church" the gifts ("give" is a stop word to the question's terms, so its words are read here).
 */
const ACT_NAMED = new Map([
  ...["leave", "leaves", "leaving"].map((w) => [w, "bequest"] as const),
  ...["give", "gives", "giving", "gave", "donate", "donates", "donated", "donating"].map((w) => [w, "gift"] as const),
]);
/** One term stands for another: the same stem, or one the start of the other ("apprais" / "appraisal"). */
const sameTerm = (a: string, b: string) =>
  a === b ||
  (Math.min(a.length, b.length) >= 4 && (a.startsWith(b) || b.startsWith(a))) ||
  (a === HOME_ON_STREET && HOME.has(b)) ||
  (VALUE_KIN.has(a) && VALUE_KIN.has(b));

/** The figure's period as a question term ("month" → "per-month"). */
const periodTerm = (fact: SummaryFact) =>
  fact.period ? `per-${fact.period.replace(/^(?:a|an|per|each)\s+/, "")}` : "";

/** Whether the figure is the kind of value asked: a rate for a rate, a sum per period for one asked per period. */
function fitsAsked(fact: SummaryFact, terms: readonly string[]): boolean {
  const value = fact.value ?? "";
  // A year ("Trust dated 2015"), a phone number: no amount.
  if (!value.startsWith("$") && !value.endsWith("%")) return false;
  if (terms.some((t) => RATE.has(t)) !== value.includes("%")) return false;
  if (BOUNDS.some((b) => fact.text.includes(`${b} ${value}`)) && !terms.some((t) => LIMIT_ASKED.test(t))) return false;
  const perAsked = terms.find((t) => t.startsWith("per-"));
  if (perAsked) return periodTerm(fact) === perAsked;
  return !(fact.period && terms.some((t) => STOCK.has(t)));
}

/** A figure's words beside its value: its subject's, and the measure its sentence form says ("listed", "appraised"). */
function wordsOf(fact: SummaryFact, nameTerms: ReadonlySet<string>): string[] {
  // The values as written are cut out by their text (no pattern: a run of digits would be scanned from each start).
  let words = fact.text;
  for (const value of [fact.value, fact.was]) if (value) words = words.split(value).join(" ");
  return [...textTerms(words)].filter(
    (t) => !nameTerms.has(t) && !STOP_WORDS.has(t) && t.length > 1 && !t.startsWith("per-") && !/^\d/.test(t),
  );
}

/**
 * The figure of the records that answers the question, or none: every word of its subject named in the question (a
 * name aside), at least one of them not a word of asking, at least half the question's subject named, and of the
 * kind of value asked. The question's verbs ("use", "holding back") are of its subject only where a figure's subject
 * names them ("appraise" / "Appraisal"). Most of the question named first, then the fewest words of the figure the
 * question does not name ("listed" for "appraise at"), then the measure asked said ("valued" for "appraise at"), then
 * the newest meeting (`figures` come newest first). Two
 * figures of one meeting alike on all of that, with different values: no answer, the sentences said decide.
 */
export function recordFigureFor(
  question: string,
  names: readonly string[],
  figures: readonly RecordFigure[],
  /** The question's verbs, stemmed (understand/noun-compounds.ts, tagQuestion). */
  verbs: ReadonlySet<string> = new Set(),
): RecordFigureAnswer | undefined {
  // A word written in capitals ("EBITDA", "IRA") is what is asked of, though the question's names may hold it.
  const acronyms = new Set((question.slice(0, 1000).match(/\b[A-Z]{2,}\b/g) ?? []).map((w) => w.toLowerCase()));
  const nameTerms = new Set(names.flatMap((n) => [...textTerms(n)]).filter((t) => !acronyms.has(t)));
  const plain = question.replace(AMOUNT_IN_QUESTION, " ");
  // "each month" asks a rate as "monthly" does.
  const rates = [...textTerms(plain.slice(0, 1000))].filter((t) => t.startsWith("per-"));
  const street = STREET.test(question.slice(0, 1000)) ? [HOME_ON_STREET] : [];
  const acts = splitWords(plain.slice(0, 1000)).flatMap((w) => ACT_NAMED.get(w) ?? []);
  const terms = [...new Set([...questionTerms(plain), ...rates, ...acts])]
    .filter((t) => !nameTerms.has(t))
    .concat(street);
  const named = (label: string) => terms.some((t) => sameTerm(t, label));
  const matching = figures.flatMap((figure, order) => {
    const labels = [...textTerms(figure.fact.subject)].filter(
      (t) => !nameTerms.has(t) && !STOP_WORDS.has(t) && t.length > 1,
    );
    if (!labels.length || !labels.every(named) || labels.every((l) => ASKING.has(l))) return [];
    if (!fitsAsked(figure.fact, terms)) return [];
    const words = wordsOf(figure.fact, nameTerms);
    const unnamed = words.filter((w) => !named(w) && !ASKING.has(w)).length;
    // "The house was valued at …" for "What did the house appraise at?": the measure its sentence says is the one asked.
    const measureAsked = words.some((w) => terms.some((t) => VALUE_KIN.has(t) && sameTerm(t, w))) ? 1 : 0;
    return [{ figure, order, labels, measured: [...labels, ...words], unnamed, measureAsked }];
  });
  const covered = (t: string) => matching.some((m) => m.labels.some((l) => sameTerm(t, l)));
  const subjectTerms = terms.filter(
    (t) => !ASKING.has(t) && !RATE.has(t) && !t.startsWith("per-") && (!verbs.has(t) || covered(t)),
  );
  const candidates = matching.flatMap((m) => {
    // What the figure names: its subject and the measure its sentence form says ("The house is listed at …").
    const share = subjectTerms.filter((t) => m.measured.some((l) => sameTerm(t, l))).length;
    const coverage = subjectTerms.length ? share / subjectTerms.length : 0;
    // Less than half of what the question is about: the sentences said in the meetings answer it better (measured
    // on the three advisor sets: such a figure replaced a right lead six times and a wrong one once).
    return coverage >= MOST_OF_THE_QUESTION ? [{ ...m, coverage }] : [];
  });
  candidates.sort(
    (a, b) => b.coverage - a.coverage || a.unnamed - b.unnamed || b.measureAsked - a.measureAsked || a.order - b.order,
  );
  const best = candidates[0];
  if (!best) return undefined;
  const alike = candidates.some(
    (c) =>
      c !== best &&
      c.coverage === best.coverage &&
      c.unnamed === best.unnamed &&
      c.measureAsked === best.measureAsked &&
      c.figure.meetingId === best.figure.meetingId &&
      c.figure.fact.value !== best.figure.fact.value,
  );
  if (alike) return undefined;
  return { ...best.figure, coverage: best.coverage };
}
