// What a figure is said of: the thing named before it (a run of words the lexicon calls things, read back over verbs
// of having and saying: "brokerage account at Keystone"), the nearest word naming something a figure measures
// (record.measured-things), and whose it is from its possessive. Each reads a bounded number of words: linear.

import { DETERMINERS, FILLER_SOUNDS, NUMBER_WORDS, ORDINAL_UNITS, STOP_WORDS } from "../../language/lexicon";
import { capitalise, type Sentence, uncapitalise } from "../../language/sentences";
import { measuredKind, namesMeasuredThing } from "./measured-things.rules";
import { isPersonName, wordKind } from "./word-kinds";

export interface FigureContext {
  /** How a speaker is named ("Grace"); the household for "our" said by a client. */
  nameOf: (speaker: string) => string;
  isClient: (speaker: string) => boolean;
  household: string;
}

/** Words a subject keeps at most (the ones nearest the figure). */
const MAX_SUBJECT_WORDS = 6;
/** A plan named by its number ('403(b)'): a thing a figure can measure. */
const PLAN_NAME = /^\d{3}\(\w\)$/;
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

/** Words between a thing and its figure that are not the thing: verbs of having, paying, saying and changing, hedges. */
const GLUE = new Set(
  "about around roughly maybe probably approximately basically currently total totals totaling said says say think guess figure owe owes owed pay pays paid earn earns earned make makes made cost costs got get gets have has had take takes took went goes came comes come put puts add adds added worth call calls called somewhere something someplace thereabouts give gives gave little last low high next first new old whole long short big small good bad since know read saying see look wait done finished rose risen fell fallen increased decreased jumped dropped climbed grew grown".split(
    " ",
  ),
);
const NUMBER = new Set<string>(NUMBER_WORDS);

/** Words that join two parts of one thing ("account at the bank", "rent on the studio"). */
const JOINERS = new Set(["of", "at", "on", "for", "in"]);
/** Words before "one" that make it a pronoun for a thing: "the first one", "that one", "the other one". */
const ONE_OF: ReadonlySet<string> = new Set([...DETERMINERS, ...ORDINAL_UNITS, "other", "next", "last", "new", "old"]);
/**
 * True when the token at `i` is "one" standing for another thing than the one a figure said before it is of ("Your
 * IRA is about 640,000, so the first one is …"); with no figure before, "one" is the thing just named ("And the
 * yearly fee, that one is about four hundred").
 */
function standsForAThing(tokens: readonly string[], i: number): boolean {
  if (!/^ones?$/i.test(plainWord(tokens[i]!)) || !ONE_OF.has(plainWord(tokens[i - 1] ?? "").toLowerCase()))
    return false;
  for (let k = i - 2; k >= 0; k--) if (/\d/.test(tokens[k]!)) return true;
  return false;
}
/** Words after "the state one" that may still lead to its figure: "goes up to about". */
const ONE_LOOK_BACK = 6;
/**
 * "and the state one goes up to about": the word that tells a thing apart from the one just named ("state"), when
 * "one" stands for that thing in the last few words; null otherwise ("the other one", "the first one" say no kind).
 */
export function wordBeforeOne(before: string): string | null {
  const tokens = before.split(/\s/).filter(Boolean);
  for (let i = tokens.length - 1; i >= 2 && i >= tokens.length - ONE_LOOK_BACK; i--) {
    if (!/^ones?$/i.test(plainWord(tokens[i]!))) continue;
    const word = plainWord(tokens[i - 1]!);
    const opener = plainWord(tokens[i - 2]!).toLowerCase();
    const tells = isContent(word) && !ONE_OF.has(word.toLowerCase()) && !/[,.;:?!]$/.test(tokens[i - 1]!);
    return tells && (opener === "the" || opener === "that" || opener === "this") ? word.toLowerCase() : null;
  }
  return null;
}
/** Words looked back over for a thing, at most. */
const MAX_LOOK_BACK = 14;

/** The token without the marks around it ("Keystone," → "Keystone"); a walk from both ends, linear. */
export function plainWord(token: string): string {
  let start = 0;
  let end = token.length;
  while (start < end && !/[\p{L}\p{N}]/u.test(token.charAt(start))) start++;
  while (end > start && !/[\p{L}\p{N}'’()]/u.test(token.charAt(end - 1))) end--;
  return token.slice(start, end);
}
const isContent = (word: string) => {
  const lower = word.toLowerCase();
  // "nobody's withholding": a possessive is the word it is of.
  const owner = lower.replace(/['’]s$/, "");
  if (PLAN_NAME.test(word)) return true;
  return (
    /^\p{L}[\p{L}'’()-]*$/u.test(word) &&
    !STOP_WORDS.has(lower) &&
    !GLUE.has(lower) &&
    !WEAK_HEADS.has(lower) &&
    !WEAK_HEADS.has(owner) &&
    !STOP_WORDS.has(owner) &&
    !CONTRACTION_WORD.test(lower) &&
    !lower.split("-").some((part) => NUMBER.has(part)) &&
    wordKind(word) !== "other"
  );
};
/** A word of a thing's name: a content word, or one naming a measured thing whatever its kind ("checking account"). */
const partOfThing = (word: string) => isContent(word) || (namesMeasuredThing(word) && !GLUE.has(word.toLowerCase()));
/** Stop words that open a thing's name before the word given: "down payment". */
const COMPOUND_FIRST = new Map([["down", /^payments?$/i]]);
/** A capitalised name in the possessive: "Owen's". */
const OWNED = /^\p{Lu}\p{Ll}+['’]s$/u;
/** A word in -ed: a verb in the past, or a participle describing a thing. */
const PARTICIPLE = /^\p{Ll}{3,}ed$/u;
/** A word in -s (not -ss): after a measured thing, the thing's verb ("throws", "earns", "holds"). */
const THIRD_PERSON_VERB = /^\p{Ll}+[^s']s$/u;
/** Who does something, or a modal: a word naming a measured thing right after one is a verb ("we pay", "I'd pay"). */
const BEFORE_A_VERB =
  /^(?:(?:i|we|you|they|he|she|it|who)(?:['’](?:d|ll))?|will|would|to|can|could|should|must|might)$/;

/**
 * The last thing named in the text (a run of content words, "brokerage account at Keystone"), or null: read back
 * from the end over glue words, at most MAX_LOOK_BACK words, stopping at the end of a clause before it.
 */
export function lastNounPhrase(text: string): string | null {
  const tokens = text.split(/\s/).filter(Boolean);
  const run: string[] = [];
  let looked = 0;
  let firstAt = -1; // the token the run opens with
  for (let i = tokens.length - 1; i >= 0 && looked < MAX_LOOK_BACK; i--, looked++) {
    const token = tokens[i]!;
    const word = plainWord(token);
    const endsClause = /[.;:?!]$/.test(token);
    if (run.length > 0) {
      // "down payment": a stop word that is part of the thing's name.
      const compound = COMPOUND_FIRST.get(word.toLowerCase())?.test(run[0]!) === true;
      // "a guaranteed period option", "the adjusted basis": a word in -ed right after a determiner describes the thing.
      const described = PARTICIPLE.test(word) && DETERMINERS.has(plainWord(tokens[i - 1] ?? "").toLowerCase());
      if ((partOfThing(word) || compound || described) && !/[,.;:?!]$/.test(token)) {
        run.unshift(word);
        firstAt = i;
        continue;
      }
      if (JOINERS.has(word.toLowerCase()) && i > 0 && isContent(plainWord(tokens[i - 1]!))) {
        run.unshift(word);
        firstAt = i;
        continue;
      }
      break;
    }
    if (endsClause && looked > 0) continue;
    // "Your IRA is about 640,000, so the first one is around 24,000": "one" after a determiner or an ordinal is the
    // figure's own subject, naming nothing said here; what it is, the sentences before say.
    if (standsForAThing(tokens, i)) return null;
    if (!isContent(word) || saysHowPaid(tokens, i)) continue;
    const before = plainWord(tokens[i - 1] ?? "").toLowerCase();
    // "the brokerage account throws off", "the roofer quoted": a word in -s or -ed right after a measured thing is its
    // verb, not its name.
    const verb = THIRD_PERSON_VERB.test(word) || PARTICIPLE.test(word);
    if (verb && !namesMeasuredThing(word) && namesMeasuredThing(before)) continue;
    if (
      PLAN_NAME.test(word) ||
      wordKind(word) === "thing" ||
      DETERMINERS.has(before) ||
      (before && isContent(before))
    ) {
      run.push(word);
      firstAt = i;
    }
  }
  while (run.length > 0 && JOINERS.has(run[0]!.toLowerCase())) run.shift();
  const other = jointOwner(tokens, firstAt, run[0]);
  if (other) run.unshift(other, "and");
  return run.length > 0 ? run.slice(-MAX_SUBJECT_WORDS).join(" ") : null;
}

/** Things a year is said of: a document or a plan dated by it. */
const DATED_THINGS = new Set(
  "will wills trust deed policy agreement directive return returns plan election conversion sale purchase".split(" "),
);
export const datesSomething = (phrase: string) =>
  phrase.split(" ").some((w) => DATED_THINGS.has(plainWord(w).toLowerCase()));
/**
 * True when a word of the phrase names something measured; a number's name only as the phrase's head ("cell", "the
 * account number"), so "the phone company" is no phone number.
 */
export const measuresSomething = (phrase: string) => {
  const words = phrase.split(" ").map(plainWord);
  return words.some((w, i) => namesMeasuredThing(w) && (i === words.length - 1 || measuredKind(w) !== "reference"));
};
/** Content words kept before a measured word ("long-term care premium", "seller note"). */
const MAX_MODIFIERS = 2;

/**
 * The nearest word in the figure's clause before it that names something measured, with the content words right
 * before it ("the seller note would be 600,000" → "seller note"); null when the clause names none.
 */
export function measuredPhraseBefore(before: string, ownSentence = false): string | null {
  let start = before.length;
  while (start > 0 && !".;?!".includes(before.charAt(start - 1))) start--;
  // "…the lots with the smallest gains, until Vantora is under 25%": a clause a comma and a conjunction open is the
  // figure's own; what the clause before it measured is not what this figure is of.
  const opened = lastClauseOpening(before);
  const clause = before.slice(Math.max(start, opened));
  const tokens = clause.split(/\s/).filter(Boolean);
  for (let i = tokens.length - 1, looked = 0; i >= 0 && looked < MAX_LOOK_BACK; i--, looked++) {
    const word = plainWord(tokens[i]!);
    if (standsForAThing(tokens, i)) return null;
    if (!namesMeasuredThing(word) || saysHowPaid(tokens, i)) continue;
    // "we pay", "I'd pay": in the figure's own sentence, a word said right after who does it is its verb, not what
    // the figure is of ("we owed" still says what it is).
    const doer = plainWord(tokens[i - 1] ?? "").toLowerCase();
    if (ownSentence && BEFORE_A_VERB.test(doer) && measuredKind(word) !== "owed") continue;
    // "the phone company": a number's name that modifies the next word names no number.
    const next = tokens[i + 1];
    if (measuredKind(word) === "reference" && next && !/[,;:]$/.test(tokens[i]!) && isContent(plainWord(next)))
      continue;
    return `${withModifiers(tokens, i)}${heldAt(tokens, i)}`;
  }
  return null;
}

/** "four hundred forty-seven thousand five hundred, cash, no contingency": how an amount is paid, no thing of it. */
function saysHowPaid(tokens: readonly string[], i: number): boolean {
  const amount = plainWord(tokens[i - 1] ?? "").toLowerCase();
  return (
    plainWord(tokens[i]!).toLowerCase() === "cash" &&
    /,$/.test(tokens[i - 1] ?? "") &&
    (/\d/.test(amount) || amount.split("-").some((part) => NUMBER.has(part)))
  );
}

/** ", until", ", once", ", because": a comma and a word that opens a clause of its own (", so" may open an aside). */
const CLAUSE_OPENING =
  /, (?:until|unless|once|because|whereas|although|while|and(?= \p{Lu}\p{Ll}+ (?:is|are|was|were)\b))\b/giu;

/** Where the last clause a comma and a conjunction open starts in the text (after the comma), or 0. */
function lastClauseOpening(text: string): number {
  let at = 0;
  for (const match of text.matchAll(CLAUSE_OPENING)) at = match.index + 2;
  return at;
}

/** Capitalised words of a name kept after a measured word, at most ("account at First Prairie Bank"). */
const MAX_NAME_WORDS = 3;
/** Where the measured thing is held, named right after it: " at First Prairie Bank", or "". */
function heldAt(tokens: readonly string[], at: number): string {
  if (/[,;:]$/.test(tokens[at]!) || !["at", "with"].includes(plainWord(tokens[at + 1] ?? "").toLowerCase())) return "";
  const name: string[] = [];
  for (let i = at + 2; i < tokens.length && name.length < MAX_NAME_WORDS; i++) {
    const word = plainWord(tokens[i]!);
    if (!/^\p{Lu}[\p{L}&'’-]*$/u.test(word) || isPersonName(word)) break;
    name.push(word);
    if (/[,;:.]$/.test(tokens[i]!)) break;
  }
  return name.length > 0 ? ` ${plainWord(tokens[at + 1]!)} ${name.join(" ")}` : "";
}

/** A measured word right after the figure ("$750,000 policy", "$4,200 flat fee"), with the words between. */
export function measuredPhraseAfter(after: string): string | null {
  const tokens = after.split(/\s/).filter(Boolean).slice(0, 4);
  for (let i = 0; i < tokens.length; i++) {
    const word = plainWord(tokens[i]!);
    if (namesMeasuredThing(word)) {
      // "transfer fee": a measured word right after is the same thing's name.
      let end = i + 1;
      // "conversion costs about": a word of paying or costing after it is the verb.
      const next = plainWord(tokens[end] ?? "");
      if (
        end < tokens.length &&
        !/[,.;:?!]$/.test(tokens[i]!) &&
        namesMeasuredThing(next) &&
        !GLUE.has(next.toLowerCase())
      )
        end++;
      return tokens.slice(0, end).map(plainWord).join(" ");
    }
    if (!isContent(word) || /[,.;:?!]$/.test(tokens[i]!)) return null;
  }
  return null;
}

function withModifiers(tokens: readonly string[], at: number): string {
  const words = [plainWord(tokens[at]!)];
  let first = at;
  for (let i = at - 1; i >= 0 && words.length <= MAX_MODIFIERS; i--) {
    const token = tokens[i]!;
    const word = plainWord(token);
    // "checking account": a word naming a measured thing is part of the thing, whatever its kind.
    if (/[,;:]$/.test(token) || !partOfThing(word) || isPersonName(word)) break;
    words.unshift(word);
    first = i;
  }
  const other = jointOwner(tokens, first, words[0]);
  return other ? `${other} and ${words.join(" ")}` : words.join(" ");
}

/** "Ella and Owen's 529s": the first of two owners joined by "and", when the thing's name opens with the second's. */
function jointOwner(tokens: readonly string[], first: number, opening: string | undefined): string | null {
  const other = tokens[first - 2] ?? "";
  return OWNED.test(opening ?? "") && tokens[first - 1] === "and" && /^\p{Lu}\p{Ll}+$/u.test(other) ? other : null;
}

/** The subject without its lead words, at most MAX_SUBJECT_WORDS, and whose it is from its possessive. */
export function cleanSubject(
  phrase: string,
  sentence: Sentence,
  context: FigureContext,
): { subject: string; whose?: string } {
  const possessive = POSSESSIVE.exec(phrase)?.[1]?.toLowerCase();
  let subject = phrase.replace(LEAD_WORDS, "").split(" ").slice(-MAX_SUBJECT_WORDS).join(" ");
  subject = subject.replace(/^(?:of|for|on|in|at|to)\s+/i, "");
  // Capitalised only as the sentence's first word; a name stays as it is ("Elias's IRA").
  const firstWord = (subject.split(" ")[0] ?? "").replace(/['’]s$/, "");
  if (subject && subject === capitalise(subject) && sentence.text.startsWith(subject) && !isPersonName(firstWord)) {
    subject = uncapitalise(subject);
  }
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

/** Characters an aside set off by commas may run, at most. */
const MAX_ASIDE = 100;
/**
 * Words that open an aside: a relative clause ("which is smaller") or a participle ("titled in the trust", "held in
 * the trust").
 */
const ASIDE_OPENER = /^(?:which|who|[a-z]{3,}ed|held|kept|left|bought|built|given|set|put)$/;
/**
 * "The neighbor's place, which is smaller and doesn't have the dock, sold for …" → "The neighbor's place sold for …";
 * "the brokerage account, titled in the trust, about 1.1 million" → "the brokerage account about 1.1 million": an aside
 * set off by commas right before the figure's clause names no part of what the figure is of.
 */
export function withoutAside(text: string): string {
  const lower = text.toLowerCase();
  const opensAside = (comma: number) => {
    const word = lower.slice(comma + 2, comma + 2 + 30).split(" ")[0] ?? "";
    return ASIDE_OPENER.test(word);
  };
  // The last comma that opens an aside, among the last two commas (an aside closes with the last).
  const last = lower.lastIndexOf(", ");
  const second = last > 0 ? lower.lastIndexOf(", ", last - 1) : -1;
  const open = [last, second].find((comma) => comma >= 0 && opensAside(comma)) ?? -1;
  if (open < 0) return text;
  const close = text.indexOf(",", open + 2);
  if (close < 0 || close - open > MAX_ASIDE || text.includes(",", close + 1)) return text;
  return `${text.slice(0, open)}${text.slice(close + 1)}`;
}

/**
 * "… was about ", "… cost ": the verb that says the words before it are what the amount is of; or, with no verb, a
 * comma ("Plus the administration, about …": the thing named, then its amount).
 */
const COPULA_AFTER =
  /(?:\s(?:is|are|was|were|costs?|(?:is |are |was |were )?costing|came to|comes to|runs|ran)|,)\s+(?:about\s+|around\s+|roughly\s+|only\s+|just\s+)?$/;
/**
 * "the", "our" opening a clause's subject, with up to two words describing it ("The new oven"): right after a clause
 * break or a joining word, never after "from" or "of".
 */
const SUBJECT_OPENING =
  /(?:^|[,;:.!?]\s*|\b(?:and|so|but|because|now|well|okay|plus|then|also)\s+)(?:the|my|our|your|his|her|their)\s+(?:(?!(?:of|for|from|in|on|at|to|with|by)\s)[a-z'-]+\s+){0,2}$/i;
/** A sentence's opening words before the thing it names first ("Plus the", "And her new"). */
const NAMED_FIRST =
  /^\s*(?:(?:and|so|plus|then|also|now|okay)[,\s]+)?(?:the|my|our|your|his|her|their)\s+(?:[a-z'-]+\s+){0,2}$/i;
/** The phrase is a clause's own subject right before "is", "was" or "cost" ("The sewer camera was"), no object. */
export function isClauseSubject(before: string, phrase: string): boolean {
  const verb = COPULA_AFTER.exec(before);
  if (!verb || !` ${before.slice(0, verb.index)}`.endsWith(` ${phrase}`)) return false;
  const opening = before.slice(0, verb.index - phrase.length);
  // "Vantora is about 64% …": a name, not a person's, opening its clause.
  if (/^\p{Lu}\p{Ll}+$/u.test(phrase) && !isPersonName(phrase)) return /(?:^|[,;.!?]\s*|\band\s+)$/.test(opening);
  // "The upper is …": a word that only describes a thing named before ("upper", "other") names none itself.
  if (wordKind(phrase.split(" ").at(-1) ?? "") !== "thing") return false;
  // With no verb, the thing opens the sentence: "His 401(k), the marital part, …" names a part, not the thing.
  if (verb[0].startsWith(",") && !NAMED_FIRST.test(opening)) return false;
  return SUBJECT_OPENING.test(opening);
}

// "And the rental income last year. Leila, you had the number?": a thing named alone, with no verb, right before the
// same speaker's question is what the question asks.
const NAMED_ALONE = /^(?:and|so|now|okay|ok|next|then|also),? (?:the|your|his|her|their|our) [^.?!]{2,60}\.?$/i;
const FINITE_VERB =
  /\b(?:is|are|was|were|be|been|have|has|had|do|does|did|will|would|can|could|should|need|needs|want|wants|got)\b|['’](?:s|re|ve|ll|d)\b/i;
/** The thing the same speaker named alone right before the question, or null (null too for no question). */
export function thingNamedBeforeQuestion(sentences: readonly Sentence[], question: Sentence): string | null {
  const before = sentences[question.index - 1];
  if (!before || before.speaker !== question.speaker || !/\?["')]*$/.test(question.text.trim())) return null;
  const text = before.text.trim();
  if (!NAMED_ALONE.test(text) || FINITE_VERB.test(text)) return null;
  return lastNounPhrase(text.replace(/\.$/, ""));
}
