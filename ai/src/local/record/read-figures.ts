// Figures as facts: each amount, rate, age or year said in the meeting, with what it measures (the noun phrase it is
// said of, or the question it answers), whose it is, what it is per, and the figure it corrects. Spoken numbers are
// read as values ("seven thirty-five" → 735,000 where money is talked of), never copied. One pass over the sentences;
// what a figure is of is read from at most MAX_PARSED characters before it, so the step stays linear.

import { alternation, FILLER_SOUNDS, MONTHS, NUMBER_WORDS, STOP_WORDS } from "../../language/lexicon";
import { lexiconRegExp } from "../../language/patterns";
import type { Sentence } from "../../language/sentences";
import { figureMeasure } from "./figure-measures.rules";
import { measuredKind, namesMeasuredThing } from "./measured-things.rules";
import { topicOf } from "./note-exchange.rules";
import { withoutEndMarks } from "./sentence-forms";
import { saysMoney, shorthandAmounts } from "./shorthand-amounts";
import { writeNumbersAsFigures } from "./spoken-numbers";
import { isPersonName, wordKind } from "./word-kinds";

/** Characters of a sentence read for noun phrases. */
const MAX_PARSED = 240;
/** Sentences looked back for what a figure is of, when its own names nothing. */
const CONTEXT_SENTENCES = 2;
/** Sentences looked back for a word naming what a figure measures, when its own sentence names none. */
const MEASURED_CONTEXT_SENTENCES = 3;
/** Words a subject keeps at most (the ones nearest the figure). */
const MAX_SUBJECT_WORDS = 5;

export interface FigureFact {
  value: number;
  display: string;
  money: boolean;
  percent: boolean;
  year: boolean;
  identifier: boolean;
  subject: string;
  whose?: string;
  period?: string;
  was?: string;
  measure: string | null;
  subjectFrom: "sentence" | "question" | "context" | "none";
  inQuestion: boolean;
  hypothetical: boolean;
  figuresInSentence: number;
  sentence: Sentence;
}

const FIGURE = /[$€£]?\d[\d,]*(?:\.\d+)?(?:%| percent| million| billion|k\b)?/g;
const MONTH_BEFORE = lexiconRegExp(`\\b${alternation(MONTHS)}\\s$`, "i");
// "612-555-0148", "4471-0038-2291", "TL-80317-H": two or more groups joined by hyphens.
const IDENTIFIER = /\b(?:[A-Z]{1,4}-)?\d{2,}(?:-[\dA-Z]{2,}){1,3}\b/g;
/** A plan named by its number ('403(b)'): a thing a figure can measure. */
const PLAN_NAME = /^\d{3}\(\w\)$/;
const PLAN_OR_FORM = /^(?:401|403|457|529|1031|1040|1041|1065|1098|1099|1120|706|709|990)$/;
const PERIOD =
  /^[\s,]*(?:a|per|each|every|an)\s+(year|month|week|quarter)\b|^[\s,]*(annually|monthly|yearly|weekly)\b/i;
const PERIOD_OF: Record<string, string> = {
  annually: "year",
  yearly: "year",
  monthly: "month",
  weekly: "week",
};
// Words between two figures that make the second the correction of the first ("5,400, sorry, 6,150").
const CORRECTS = /\b(?:sorry|i mean|actually|no|make that|correction|rather)\b/i;
// Words right before a figure that make it the one replaced ("up from 9,800", "was 5,400", "not 5,400").
const REPLACED = /\b(?:from|was|were|used to be|instead of|not|previously)\s*$/i;
const HYPOTHETICAL = /^(?:and |so |but )?(?:if|say|suppose|imagine|let's say|what if)\b/i;
const QUESTION_END = /\?["')]*$/;
const WEAK_HEADS = new Set([
  ...FILLER_SOUNDS,
  ..."somebody someone anybody anyone everybody everyone nobody instinct".split(" "),
  ..."i me we us you it that this they them he she him her one thing things stuff number numbers figure amount lot bit something anything everything nothing statement today now time times year years month months week weeks day days people way kind sort".split(
    " ",
  ),
]);
const LEAD_WORDS =
  /^(?:(?:the|a|an|my|our|your|his|her|their|its|this|that|these|those|some|about|around|roughly|like|um|uh|so|and|just|only|also|all|both|each|every|another|other|any|no)\s+)+/i;
// "it's", "you're", "there's": a pronoun and its verb, which the tagger may read as a noun.
const CONTRACTION_WORD = /^(?:it|that|there|here|what|he|she|we|you|they|i|who|where)['’](?:s|re|m|ll|d|ve)$/;
const POSSESSIVE = /^(my|our|his|her|their)\s/i;

export interface FigureContext {
  /** How a speaker is named ("Grace"); the household for "our" said by a client. */
  nameOf: (speaker: string) => string;
  isClient: (speaker: string) => boolean;
  household: string;
}

/** Every figure of the meeting as a fact, in the order said. */
export function readFigures(sentences: readonly Sentence[], context: FigureContext): FigureFact[] {
  const facts: FigureFact[] = [];
  for (const sentence of sentences) {
    const previous = sentences[sentence.index - 1];
    const written = writeNumbersAsFigures(sentence.text);
    const moneyTalk = saysMoney(written) || (previous !== undefined && saysMoney(previous.text));
    const found = figuresIn(written, moneyTalk);
    if (found.length === 0) continue;
    const inQuestion = QUESTION_END.test(written.trim());
    const hypothetical = HYPOTHETICAL.test(written.trim());
    const replaced = new Set<number>();
    const wasOf = new Map<number, string>();
    for (let k = 0; k + 1 < found.length; k++) {
      const a = found[k]!;
      const b = found[k + 1]!;
      if (a.money !== b.money || a.percent !== b.percent || !(a.money || a.percent)) continue;
      const gap = written.slice(a.end, b.start);
      if (gap.length > 40) continue;
      if (CORRECTS.test(gap)) {
        replaced.add(k);
        wasOf.set(k + 1, a.display);
      } else if (REPLACED.test(gap)) {
        replaced.add(k + 1);
        wasOf.set(k, b.display);
      }
    }
    found.forEach((figure, k) => {
      if (replaced.has(k)) return;
      const before = written.slice(Math.max(0, figure.start - MAX_PARSED), figure.start);
      const after = written.slice(figure.end, figure.end + 40);
      const periodMatch = PERIOD.exec(after);
      const period = periodMatch
        ? (PERIOD_OF[periodMatch[2]?.toLowerCase() ?? ""] ?? periodMatch[1]!.toLowerCase())
        : undefined;
      let phrase = lastNounPhrase(before);
      let subjectFrom: FigureFact["subjectFrom"] = phrase ? "sentence" : "none";
      // Nothing named before the figure: the question it answers, else what the speaker's last sentences named.
      for (let back = 1; !phrase && back <= CONTEXT_SENTENCES; back++) {
        const earlier = sentences[sentence.index - back];
        if (!earlier) break;
        const asked = earlier.speaker !== sentence.speaker && QUESTION_END.test(earlier.text.trim());
        phrase =
          (asked ? topicOf(writeNumbersAsFigures(earlier.text)) : null) ??
          lastNounPhrase(earlier.text.slice(-MAX_PARSED));
        if (phrase) subjectFrom = asked ? "question" : "context";
      }
      const measure = measureOf(figure, `${before.slice(-80)} ${figure.display}${after}`);
      // Said of something a figure measures, or no fact: a sold, listed or appraised thing, a retirement age and a
      // number read out keep what they are said of.
      // A plain count or number ("20", "15") is no fact unless it is a retirement or claiming age.
      if (isPlainNumber(figure) && !agedSubject(measure, written)) return;
      // A year dates a document or a plan named in its sentence ("wills from 2009"), or is no fact.
      if (figure.year && !(phrase && datesSomething(phrase))) return;
      if (!(phrase && (SAID_OF_PROPERTY.has(measure ?? "") || figure.year || measuresSomething(phrase)))) {
        let measured = measuredPhraseBefore(before) ?? measuredPhraseAfter(after);
        subjectFrom = measured ? "sentence" : "none";
        // "It's 10,200 now.": what the sentences just before named.
        for (let back = 1; !measured && back <= MEASURED_CONTEXT_SENTENCES; back++) {
          const earlier = sentences[sentence.index - back];
          if (!earlier) break;
          measured = measuredPhraseBefore(withoutEndMarks(earlier.text, ".?!\"')").slice(-MAX_PARSED));
          if (measured) subjectFrom = "context";
        }
        phrase = measured;
      }
      const { subject, whose } = cleanSubject(agedSubject(measure, written) ?? phrase ?? "", sentence, context);
      // "The mortgage was appraised at …" is wrong: a thing sold, listed or appraised is property, or unknown.
      const head = subject.split(" ").at(-1) ?? "";
      const kind = measuredKind(head);
      const measured =
        SAID_OF_PROPERTY.has(measure ?? "") && (VALUE_WORDS.has(head.toLowerCase()) || (kind && kind !== "property"))
          ? null
          : measure;
      // A number's name ("account number", "cell") is said of a number read out, not of an amount.
      if (kind === "reference" && !figure.identifier) return;
      // A rate is a percentage ("Tax rate: $366,000" is another figure).
      if (kind === "limit" && RATE_WORDS.has(head.toLowerCase()) && !figure.percent) return;
      facts.push({
        value: figure.value,
        display: figure.display,
        money: figure.money,
        percent: figure.percent,
        year: figure.year,
        identifier: figure.identifier,
        subject,
        ...(whose ? { whose } : {}),
        ...(period ? { period } : {}),
        ...(wasOf.has(k) ? { was: wasOf.get(k)! } : {}),
        measure: measured,
        subjectFrom,
        inQuestion,
        hypothetical,
        figuresInSentence: found.length,
        sentence,
      });
    });
  }
  return withCorrections(facts, sentences);
}

// "Sorry, no, it went up.", "Actually": a figure said after it replaces the speaker's figure just before.
const CORRECTION_OPENER = /^(?:sorry|no|actually|wait|i mean|correction)\b/i;

/** A figure corrected in the next sentences by its speaker: the correction keeps the first one's subject and period. */
function withCorrections(facts: FigureFact[], sentences: readonly Sentence[]): FigureFact[] {
  const out: FigureFact[] = [];
  for (const fact of facts) {
    const last = out.at(-1);
    const gap = last ? fact.sentence.index - last.sentence.index : 0;
    const corrects =
      last !== undefined &&
      gap >= 1 &&
      gap <= 2 &&
      last.money === fact.money &&
      last.money &&
      last.sentence.speaker === fact.sentence.speaker &&
      sentences
        .slice(last.sentence.index + 1, fact.sentence.index + 1)
        .some((s) => CORRECTION_OPENER.test(s.text.trim()));
    if (!corrects) {
      out.push(fact);
      continue;
    }
    out[out.length - 1] = {
      ...fact,
      subject: last.subject || fact.subject,
      ...(last.whose ? { whose: last.whose } : {}),
      ...((fact.period ?? last.period) ? { period: (fact.period ?? last.period)! } : {}),
      was: last.display,
      subjectFrom: last.subjectFrom,
    };
  }
  return out;
}

interface Found {
  identifier: boolean;
  value: number;
  display: string;
  money: boolean;
  percent: boolean;
  year: boolean;
  start: number;
  end: number;
}

/** The figures written in a sentence, and amounts said as pairs of number words where money is talked of. */
function figuresIn(written: string, moneyTalk: boolean): Found[] {
  const found: Found[] = [];
  // A number read out to be written down (a phone, account or reference number) is a fact as it stands.
  const ids = [...written.matchAll(IDENTIFIER)].map((m) => ({ start: m.index, end: m.index + m[0].length, raw: m[0] }));
  for (const id of ids) {
    found.push({ value: 0, display: id.raw, money: false, percent: false, year: false, identifier: true, ...id });
  }
  for (const match of written.matchAll(FIGURE)) {
    const raw = match[0];
    const start = match.index;
    const end = start + raw.length;
    if (ids.some((id) => start >= id.start && start < id.end)) continue;
    const before = written.charAt(start - 1);
    const next = written.charAt(end);
    // Part of a phone, account or clock number, a plan's name ("401(k)") or a word ("W-2").
    if (/[-:/\w]/.test(before) || /^[-:/(\w]/.test(next)) continue;
    // A day of a month ("October 30") or a street number ("2210 Larkspur Lane"): no figure.
    if (
      !/^[$€£]/.test(raw) &&
      (MONTH_BEFORE.test(written.slice(Math.max(0, start - 12), start)) ||
        /^ \p{Lu}\p{Ll}/u.test(written.slice(end, end + 3)))
    )
      continue;
    const digits = raw.replace(/^[$€£]/, "").replace(/%| percent| million| billion|k$/g, "");
    if (PLAN_OR_FORM.test(digits) && !raw.startsWith("$") && !raw.includes("%")) continue;
    let value = Number(digits.replace(/,/g, ""));
    if (!Number.isFinite(value)) continue;
    if (raw.endsWith("million")) value *= 1_000_000;
    else if (raw.endsWith("billion")) value *= 1_000_000_000;
    else if (raw.endsWith("k")) value *= 1000;
    const percent = raw.endsWith("%") || raw.endsWith("percent");
    const year = !percent && !/^[$€£]/.test(raw) && /^(?:19|20)\d\d$/.test(digits);
    const money = !percent && !year && (/^[$€£]/.test(raw) || (moneyTalk && value >= 100));
    // "six hundred and ten" for an account said where money is talked of: thousands, as people round them.
    const perPeriod = PERIOD.test(written.slice(end, end + 40)) || /^\s*(?:dollars|bucks)\b/i.test(written.slice(end));
    if (money && !/^[$€£]/.test(raw) && value >= 100 && value < 1000 && !perPeriod && Number.isInteger(value))
      value *= 1000;
    if (!money && !percent && !year && value < 10) continue;
    found.push({
      value,
      display: display(value, money, percent, raw),
      money,
      percent,
      year,
      identifier: false,
      start,
      end,
    });
  }
  if (moneyTalk) {
    for (const pair of shorthandAmounts(written)) {
      const said = pair.high * 100 + pair.low;
      if (PLAN_OR_FORM.test(String(said))) continue;
      const perPeriod = PERIOD.test(written.slice(pair.end, pair.end + 40));
      const value = said < 1000 && !perPeriod ? said * 1000 : said;
      found.push({
        value,
        display: display(value, true, false, ""),
        money: true,
        percent: false,
        year: false,
        identifier: false,
        start: pair.start,
        end: pair.end,
      });
    }
    found.sort((a, b) => a.start - b.start);
  }
  return found;
}

function display(value: number, money: boolean, percent: boolean, raw: string): string {
  if (percent) return `${raw.replace(/%| percent/, "")}%`;
  if (value >= 1_000_000 && Number.isInteger(value / 100_000)) {
    const millions = value / 1_000_000;
    return `${money ? "$" : ""}${Number.isInteger(millions) ? millions : millions.toFixed(2).replace(/0$/, "")} million`;
  }
  const sign = /^[€£]/.test(raw) ? raw.charAt(0) : money ? "$" : "";
  const year = /^(?:19|20)\d\d$/.test(String(value)) && !money;
  return `${sign}${year ? String(value) : value.toLocaleString("en-US", { maximumFractionDigits: 2 })}`;
}

/** Words between a thing and its figure that are not the thing: verbs of having, paying and saying, hedges. */
const GLUE = new Set(
  "about around roughly maybe probably approximately basically currently total totals totaling said says say think guess figure owe owes owed pay pays paid earn earns earned make makes made cost costs got get gets have has had take takes took went goes came comes come put puts add adds added worth call calls called somewhere something someplace thereabouts give gives gave little last low high next first new old whole long short big small good bad since know read saying see look wait".split(
    " ",
  ),
);
const NUMBER = new Set<string>(NUMBER_WORDS);

/** Words that join two parts of one thing ("account at the bank", "rent on the studio"). */
const JOINERS = new Set(["of", "at", "on", "for", "in"]);
/** Words looked back over for a thing, at most. */
const MAX_LOOK_BACK = 14;

/** The token without the marks around it ("Keystone," → "Keystone"); a walk from both ends, linear. */
function plainWord(token: string): string {
  let start = 0;
  let end = token.length;
  while (start < end && !/[\p{L}\p{N}]/u.test(token.charAt(start))) start++;
  while (end > start && !/[\p{L}\p{N}'’()]/u.test(token.charAt(end - 1))) end--;
  return token.slice(start, end);
}
const isContent = (word: string) => {
  const lower = word.toLowerCase();
  if (PLAN_NAME.test(word)) return true;
  return (
    /^\p{L}[\p{L}'’()-]*$/u.test(word) &&
    !STOP_WORDS.has(lower) &&
    !GLUE.has(lower) &&
    !WEAK_HEADS.has(lower) &&
    !CONTRACTION_WORD.test(lower) &&
    !lower.split("-").some((part) => NUMBER.has(part)) &&
    wordKind(word) !== "other"
  );
};
/** Words after which a verb's base form or an adjective names a thing ("the balance", "my premium"). */
const DETERMINERS = new Set("the a an my our your his her their this that its".split(" "));

/**
 * The last thing named in the text (a run of content words, "brokerage account at Keystone"), or null: read back
 * from the end over glue words, at most MAX_LOOK_BACK words, stopping at the end of a clause before it.
 */
function lastNounPhrase(text: string): string | null {
  const tokens = text.split(/\s/).filter(Boolean);
  const run: string[] = [];
  let looked = 0;
  for (let i = tokens.length - 1; i >= 0 && looked < MAX_LOOK_BACK; i--, looked++) {
    const token = tokens[i]!;
    const word = plainWord(token);
    const endsClause = /[.;:?!]$/.test(token);
    if (run.length > 0) {
      if (isContent(word) && !/[.;:?!]$/.test(token)) {
        run.unshift(word);
        continue;
      }
      if (JOINERS.has(word.toLowerCase()) && i > 0 && isContent(plainWord(tokens[i - 1]!))) {
        run.unshift(word);
        continue;
      }
      break;
    }
    if (endsClause && looked > 0) continue;
    if (!isContent(word)) continue;
    const before = plainWord(tokens[i - 1] ?? "").toLowerCase();
    if (PLAN_NAME.test(word) || wordKind(word) === "thing" || DETERMINERS.has(before) || (before && isContent(before)))
      run.push(word);
  }
  while (run.length > 0 && JOINERS.has(run[0]!.toLowerCase())) run.shift();
  return run.length > 0 ? run.slice(-MAX_SUBJECT_WORDS).join(" ") : null;
}

/** Measures whose sentence form names the thing sold, listed or appraised ("The condo was appraised at …"). */
const SAID_OF_PROPERTY = new Set(["appraisal", "sale", "listing"]);
const RATE_WORDS = new Set(["rate", "rates", "yield", "return", "returns", "afr", "apr"]);
/** Things a year is said of: a document or a plan dated by it. */
const DATED_THINGS = new Set(
  "will wills trust deed policy agreement directive return returns plan election conversion sale purchase".split(" "),
);
/** Words that already say the measure ("Appraisal: $760,000.", not "The appraisal was appraised at …"). */
const VALUE_WORDS = new Set(["appraisal", "valuation", "value", "price", "sale", "offer", "proceeds", "worth"]);
const isPlainNumber = (figure: Found) => !figure.money && !figure.percent && !figure.year && !figure.identifier;
const datesSomething = (phrase: string) => phrase.split(" ").some((w) => DATED_THINGS.has(plainWord(w).toLowerCase()));
const measuresSomething = (phrase: string) => phrase.split(" ").some((w) => namesMeasuredThing(plainWord(w)));
/** Content words kept before a measured word ("long-term care premium", "seller note"). */
const MAX_MODIFIERS = 2;

/**
 * The nearest word in the figure's clause before it that names something measured, with the content words right
 * before it ("the seller note would be 600,000" → "seller note"); null when the clause names none.
 */
function measuredPhraseBefore(before: string): string | null {
  let start = before.length;
  while (start > 0 && !".;?!".includes(before.charAt(start - 1))) start--;
  const clause = before.slice(start);
  const tokens = clause.split(/\s/).filter(Boolean);
  for (let i = tokens.length - 1, looked = 0; i >= 0 && looked < MAX_LOOK_BACK; i--, looked++) {
    const word = plainWord(tokens[i]!);
    if (!namesMeasuredThing(word)) continue;
    return withModifiers(tokens, i);
  }
  return null;
}

/** A measured word right after the figure ("$750,000 policy", "$4,200 flat fee"), with the words between. */
function measuredPhraseAfter(after: string): string | null {
  const tokens = after.split(/\s/).filter(Boolean).slice(0, 3);
  for (let i = 0; i < tokens.length; i++) {
    const word = plainWord(tokens[i]!);
    if (namesMeasuredThing(word))
      return tokens
        .slice(0, i + 1)
        .map(plainWord)
        .join(" ");
    if (!isContent(word) || /[,.;:?!]$/.test(tokens[i]!)) return null;
  }
  return null;
}

function withModifiers(tokens: readonly string[], at: number): string {
  const words = [plainWord(tokens[at]!)];
  for (let i = at - 1; i >= 0 && words.length <= MAX_MODIFIERS; i--) {
    const token = tokens[i]!;
    const word = plainWord(token);
    if (/[,;:]$/.test(token) || !isContent(word) || isPersonName(word)) break;
    words.unshift(word);
  }
  return words.join(" ");
}

/** The subject without its lead words, at most MAX_SUBJECT_WORDS, and whose it is from its possessive. */
function cleanSubject(phrase: string, sentence: Sentence, context: FigureContext): { subject: string; whose?: string } {
  const possessive = POSSESSIVE.exec(phrase)?.[1]?.toLowerCase();
  let subject = phrase.replace(LEAD_WORDS, "").split(" ").slice(-MAX_SUBJECT_WORDS).join(" ");
  subject = subject.replace(/^(?:of|for|on|in|at|to)\s+/i, "");
  if (subject && subject === subject.charAt(0).toUpperCase() + subject.slice(1) && sentence.text.startsWith(subject)) {
    subject = subject.charAt(0).toLowerCase() + subject.slice(1);
  }
  // A person's name alone is no thing measured ("Dale: 94" would read as Dale saying it).
  const words = subject.split(" ");
  // A person's name alone ("Owen Threlkeld: …" would read as Owen saying it): every word a name in title case.
  const titled = words.every((w) => /^\p{Lu}\p{Ll}/u.test(w));
  if (titled && isPersonName((words[0] ?? "").replace(/['’]s$/, "")) && words.length <= 2) subject = "";
  // "Reggie's", "Dad's": whose, with nothing of theirs named.
  if (words.length === 1 && /['’]s$/.test(subject)) subject = "";
  const speaker = sentence.speaker;
  let whose: string | undefined;
  if (possessive === "my" && speaker) whose = `${context.nameOf(speaker)}'s`;
  else if (possessive === "our" && speaker && context.isClient(speaker) && context.household !== "the client")
    whose = `${context.household}'s`;
  return whose ? { subject, whose } : { subject };
}

/** The measure the words around a figure name, where it fits the figure: a sale is money, an age a plain number. */
function measureOf(figure: Found, words: string): string | null {
  const measure = figureMeasure(words);
  if (measure === "age")
    return !figure.money && !figure.percent && !figure.year && figure.value >= 18 && figure.value <= 110
      ? measure
      : null;
  return figure.money ? measure : null;
}

/** What an age is of: retiring or claiming, when the sentence says so. */
function agedSubject(measure: string | null, words: string): string | null {
  if (measure !== "age") return null;
  if (/\bretir/i.test(words)) return "retirement age";
  return /\bclaim/i.test(words) ? "claiming age" : null;
}
