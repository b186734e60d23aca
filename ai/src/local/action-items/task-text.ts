// A task as a list shows it: an imperative that starts at its verb ("Send Daniel the checklist by Monday"), one
// clause long, without the speaker's fillers, with "you"/"me" replaced by the people meant.

import {
  alternation,
  DIGIT_WORDS,
  MONTHS,
  NO_VERB_AFTER_YOU,
  NOT_A_VERB_AFTER_YOU,
  VERBS_THE_SAME_FOR_ONE,
  WEEKDAYS,
} from "../../language/lexicon";
import { lexiconRegExp } from "../../language/patterns";
import { capitalise } from "../../language/sentences";
import { knowsWord } from "../record/word-kinds";
import { firstName } from "./names";

/** Third-person and "-ing" verb forms back to the base form: "sends" → "send", "drafting" → "draft". */
const IRREGULAR: Record<string, string> = {
  has: "have",
  does: "do",
  goes: "go",
  is: "be",
  doing: "do",
  having: "have",
  making: "make",
  taking: "take",
  writing: "write",
  giving: "give",
  preparing: "prepare",
  scheduling: "schedule",
  updating: "update",
  closing: "close",
  revising: "revise",
  filing: "file",
  using: "use",
  issuing: "issue",
  arranging: "arrange",
  calculating: "calculate",
  changing: "change",
  coordinating: "coordinate",
  completing: "complete",
  creating: "create",
  including: "include",
  leaving: "leave",
  loving: "love",
  purchasing: "purchase",
  releasing: "release",
  reviewing: "review",
  sharing: "share",
  stating: "state",
  typing: "type",
  deciding: "decide",
  receiving: "receive",
  notarizing: "notarize",
  organizing: "organize",
  finalizing: "finalize",
};

/** A task said as the thing alone ("the income plan, year by year"), as a recap lists them under "For me:". */
export const BARE_THING = /^(?:the|a|an)\s/i;

export function toBaseVerb(verb: string): string {
  const lower = verb.toLowerCase();
  const known = IRREGULAR[lower];
  if (known) return known;
  if (lower.endsWith("ing") && lower.length > 5) {
    const stem = lower.slice(0, -3);
    // "getting" → "get", "calling" stays "call".
    if (stem.length >= 4 && /([bdgmnprt])\1$/.test(stem)) return stem.slice(0, -1);
    // "phoning" → "phone", "moving" → "move": the silent "e" back where the lexicon knows the word with it only.
    return !knowsWord(stem) && knowsWord(`${stem}e`) ? `${stem}e` : stem;
  }
  if (lower.endsWith("ies") && lower.length > 4) return `${lower.slice(0, -3)}y`;
  if (/(?:ch|sh|ss|x|zz|o)es$/.test(lower)) return lower.slice(0, -2);
  if (lower.endsWith("s") && !lower.endsWith("ss") && lower.length > 3) return lower.slice(0, -1);
  return lower;
}

// A pronoun alone, or with only a particle or participle after it ("that over", "it set up", "them signed").
// "Mine", "yours": the thing is whatever was just said of each person ("I can do mine today").
const PRONOUN_OBJECT =
  /^(?:it|that|them|those|this|these|mine|yours|ours|theirs|something|anything|everything|all that|all of it)(?:\s+(?:over|up|out|back|off|along|in|together|done|set up|signed|sent|scheduled|ready|going|started|all|both))?$/i;
// Where an object noun phrase ends: a preposition, a deadline word, a clause break.
const OBJECT_END =
  /\s(?:by|to|for|from|with|before|after|once|when|as soon as|so|because|tomorrow|today|tonight|this (?:week|afternoon|morning|evening|weekend)|next|and|then|in|on|at|into|out of|through|via|like|as|toward|towards|under|behind)\b|[,;?!]/i;
const INDIRECT_OBJECT = /^(?:(?:me|him|her|them|us)\s|\p{Lu}\p{Ll}+(?: and \p{Lu}\p{Ll}+)?\s(?!\p{Ll}+s\b))/u;

/** The object noun phrase of an imperative task: "Send Daniel the checklist by Monday" → "the checklist". */
export function objectOf(task: string): string | null {
  if (!/\s/.test(task.trim())) return null; // a verb alone: "Double-check"
  // "Apply for the EIN": the thing comes after the verb's preposition; "Scan and email the letter": after both verbs.
  const afterVerb = task.replace(
    /^\S+\s+(?:(?:out|up|back|over)\s+(?=and\s))?(?:and\s+\S+\s+)?(?:out\s+|up\s+|back\s+|over\s+)?(?:(?:for|about|with|on|into|to|at)\s+)?/i,
    "",
  );
  // "Send Daniel the checklist": the thing is the checklist; "Email Priya today": the person is the object.
  return leadingPhrase(afterVerb.replace(INDIRECT_OBJECT, "")) ?? leadingPhrase(afterVerb);
}

function leadingPhrase(text: string): string | null {
  const end = OBJECT_END.exec(` ${text}`);
  const phrase = (end ? ` ${text}`.slice(0, end.index) : ` ${text}`).trim();
  return phrase.length > 0 ? phrase : null;
}

/**
 * Whether the words can be a task: "have" only as "have Kenji call" ("I'll have drafts in three weeks" is a
 * timeline, not a task).
 */
export function isTaskVerbPhrase(task: string): boolean {
  if (HAVE_A_DAY.test(task)) return false; // "I have Thursday the 7th at three": a time free, no task
  return !/^[Hh]av(?:e|ing)\s+(?!\p{Lu})/u.test(task) || haveDelivered(task) !== null;
}
const HAVE_A_DAY = lexiconRegExp(`^hav(?:e|ing)\\s+(?:${alternation(WEEKDAYS)}|${alternation(MONTHS)})\\b`, "i");

const READY_WORDS = new Set(["ready", "done", "finished", "signed"]);
const PERSON_WORDS = new Set(["you", "him", "her", "them", "us"]);
/** How far into "have the … to Omar" the delivery is looked for: a task is a short clause. */
const MAX_HAVE_OBJECT_WORDS = 12;

const END_PUNCTUATION = new Set([".", ",", ";", ":", "!", "?"]);

/** The word without the punctuation it ends with (a loop, not a trailing-run pattern, so it stays linear). */
function withoutEndPunctuation(word: string): string {
  let end = word.length;
  while (end > 0 && END_PUNCTUATION.has(word[end - 1] ?? "")) end--;
  return word.slice(0, end);
}

/**
 * "I'll have the trust draft to you by Friday", "I'll have the forms ready": a thing promised to be somewhere by a
 * time, so a task ("Get the trust draft to Omar by Friday", "Have the forms ready"), unlike "I'll have drafts in
 * three weeks" (a timeline) or "I'll have time to look" (no thing delivered). Null when the words are not that.
 */
export function haveDelivered(task: string): string | null {
  const words = task.split(" ");
  if (!/^[Hh]ave$/.test(words[0] ?? "") || !words[1] || words[1] === "to") return null;
  for (let i = 2; i < Math.min(words.length, MAX_HAVE_OBJECT_WORDS); i++) {
    const word = withoutEndPunctuation(words[i] ?? "");
    if (READY_WORDS.has(word.toLowerCase())) return task;
    const next = withoutEndPunctuation(words[i + 1] ?? "");
    if (word === "to" && (PERSON_WORDS.has(next.toLowerCase()) || /^\p{Lu}/u.test(next)))
      return `Get ${words.slice(1).join(" ")}`;
  }
  return null;
}

/** Whether the task's object is only a pronoun ("Send that over", "Get it set up"). */
export function hasPronounObject(task: string): boolean {
  const object = objectOf(task);
  // "Draft carefully": an adverb is no object.
  return object === null || PRONOUN_OBJECT.test(object) || /^\p{L}+ly$/u.test(object);
}

// "Do it", "handle that", "take care of mine": a verb that only stands for the task asked before, so it accepts that
// task; filling in the thing ("Do the bank statements") would read wrong.
const STANDS_FOR_TASK =
  /^(?:do|handle|take care of|get on|sort)\s+(?:it|that|this|them|those|mine|yours|ours|theirs)\b/i;

export function standsForAskedTask(task: string): boolean {
  return STANDS_FOR_TASK.test(task);
}

// "That payment", "those forms": a thing named before, with a word of it said again.
const DEMONSTRATIVE_OBJECT = /^(?:that|this|those|these)\s+(\p{L}+)$/iu;
const DETERMINER = /^(?:the|a|an|my|your|our|his|her|their)$/i;

/**
 * The task with a demonstrative object ("Make that payment") given the fuller phrase said before ("the estimated
 * payment amounts" → "Make the estimated payment"); unchanged when the earlier phrase does not hold the word.
 */
export function withNamedThing(task: string, earlier: string | null): string {
  const object = objectOf(task);
  const noun = object ? DEMONSTRATIVE_OBJECT.exec(object)?.[1]?.toLowerCase() : undefined;
  if (!object || !noun || !earlier) return task;
  const words = earlier.split(" ");
  const at = words.findIndex((word) => word.toLowerCase() === noun || word.toLowerCase() === `${noun}s`);
  if (at < 0) return task;
  const modifiers = words.slice(DETERMINER.test(words[0] ?? "") ? 1 : 0, at);
  return task.replace(object, ["the", ...modifiers, words[at]].join(" "));
}

/** A demonstrative object's word ("that distribution" → "distribution"), else null. */
export function demonstrativeNoun(task: string): string | null {
  const object = objectOf(task);
  return object ? (DEMONSTRATIVE_OBJECT.exec(object)?.[1]?.toLowerCase() ?? null) : null;
}

/** The task with its pronoun object replaced by the thing meant: "Pay it" + "the estimated payment". */
export function withObject(task: string, object: string): string {
  // "them"/"those" point at a plural: "include them" does not mean "include payroll".
  const plural = /^\S+(?:\s+(?:me|him|her|them|us|\p{Lu}\p{Ll}+))?\s+(?:them|those|these)\b/u.test(task);
  if (plural && !/s\b/i.test(object)) return task;
  return task.replace(
    /^(\S+(?:\s+(?:me|him|her|them|us|\p{Lu}\p{Ll}+))?)\s+(?:it|that|them|those|this|these)\b/u,
    // A function, not a "$1 …" string: an object holding "$18,400" would read as a group reference.
    (_whole, verb: string) => `${verb} ${object}`,
  );
}

const LEADING_FILLER =
  /^(?:also|just|actually|definitely|probably|then|go ahead and|try to|make sure to|sort of|kind of|still|both|each)\s+/i;
// "…about three weeks after that": a time counted from something said before, which a list cannot show.
const COUNTED_FROM_BEFORE = lexiconRegExp(
  `(?<!\\S)(?:about |around |roughly |maybe )?(?:a|an|${alternation(DIGIT_WORDS.slice(0, 6))}|a few|a couple of) (?:days?|weeks?|months?) (?:after|from) (?:that|then)$`,
  "i",
);
const TRAILING_FILLER =
  /(?<![,\s])[,\s]+(?:okay|ok|right|then|too|as well|for now|I think|I guess|probably|maybe|hopefully|if that works|if you can|please|thanks|though|anyway)\s*[.!?]*$/i;

// "because …", and "since" opening a clause with its own subject ("since Keisha's out"), not "since January". "as"
// is left alone ("as soon as the office confirms" says when), and so is "so that …": the purpose often says what the
// task is for ("update the wills so that her share goes into the trust").
const REASON_CLAUSE =
  /(?<![\s,]),?\s+(?:because|'cause|since (?=(?:I|we|you|he|she|they|it|that|there)(?:'\w+)?\s|\p{Lu}\p{Ll}+(?:'s|’s|\s(?:is|was|has|had|will|won't|can't|isn't|wasn't|doesn't|didn't))\s))/u;

/** Longer than this, a task is cut at its first comma past its fourth word. */
const MAX_UNCUT_TASK_WORDS = 16;

// A task is one clause: stop at the end of the sentence, and at a comma once it has grown long.
function shortenTask(raw: string): string {
  // Not at "Dr." or "U.S.": a sentence goes on after them. A new subject after a comma starts another clause
  // ("send the link, I haven't forgotten").
  let task = raw.split(/(?<!\b(?:Dr|Mr|Mrs|Ms|St|U\.S|U\.K))[.!?](?:\s|$)/)[0] ?? raw;
  task = task.split(/,\s+(?=(?:I|we|he|she|they|you and (?:I|me))(?:'\w+)?\s)/)[0] ?? task;
  // The reason given with it is no part of the task: "Send the invite since Keisha's out" → "Send the invite".
  task = task.split(REASON_CLAUSE)[0] ?? task;
  const words = task.split(/\s+/);
  if (words.length > MAX_UNCUT_TASK_WORDS) {
    const comma = task.indexOf(",", words.slice(0, 4).join(" ").length);
    if (comma > 0) task = task.slice(0, comma);
  }
  return task;
}

export interface People {
  /** Who said it (null without speaker labels). */
  speaker: string | null;
  /** Who "you" is, when known. */
  addressee: string | null;
  /** True when who "you" is was said (a name said to them, the only other speaker), not guessed. */
  addresseeSure?: boolean;
  /** Who does the task. */
  assignee: string;
  /** Who "you two" or "you both" are ("Hal Brenner and June Brenner"), when known. */
  pair?: string | null;
}

// "which account you draw from", "the forms you sign": after a thing a determiner opens, "you" and a word that is
// no function word start a clause of their own, and "you" is its subject.
const THING_YOU_VERB = lexiconRegExp(
  `\\b((?:which|what|the|this|that|each|every|any) \\p{L}+) you (?!(?:${alternation(NO_VERB_AFTER_YOU)})\\b)(\\p{Ll}+)`,
  "gu",
);

/** Rephrases a captured clause as a task: fillers off, "you"/"me" named, the first letter capitalised. */
export function cleanTask(raw: string, people: People): string {
  // `(?<!\s)` (and its like) starts a match only where a run of whitespace or punctuation starts: the same leftmost
  // match, without rescanning the run from each of its characters (quadratic in a long run).
  let task = shortenTask(raw)
    .replace(LEADING_FILLER, "")
    .replace(LEADING_FILLER, "")
    .replace(/(?<!\s)\s+(?:myself|yourself|yourselves|ourselves)\b/gi, "")
    .replace(TRAILING_FILLER, "")
    .replace(/(?<![\s.,;:!?])[\s.,;:!?]+$/, "")
    .trim()
    .replace(COUNTED_FROM_BEFORE, "")
    .trim();
  const { speaker, addressee, assignee } = people;
  task = withoutVocative(task, [speaker, addressee, assignee]);
  // "send you both the plan" said to a couple reads "send Hal and June the plan"; to two unknown, "send them both".
  const pair = people.pair?.split(" and ").map(firstName).join(" and ") ?? "them";
  task = task.replace(TO_YOU_BOTH, (_m, word: string) => `${word} ${pair}${pair === "them" ? " both" : ""}`);
  // "send it to you" said by Dana to Marcus reads "send it to Marcus" in a task list.
  // Said to two people ("Lena Vance and Paul Vance"), it reads "send Lena and Paul the worksheet".
  const addressed = addressee?.split(" and ") ?? [];
  if (addressee && addressee !== assignee && !addressed.includes(assignee)) {
    task = task.replace(TO_YOU, (_m, word: string) => `${word} ${addressed.map(firstName).join(" and ")}`);
  }
  if (speaker) {
    // "send me the forms", "tell her what you told me": whoever "me" is to, it is the speaker. In the speaker's own
    // task too ("I'll ask my brother for the deed"): a list names whose brother, and a letter to her says "your".
    task = task.replace(/\bme\b/g, firstName(speaker));
    task = task.replace(/\bmy\b/g, `${firstName(speaker)}'s`);
  }
  if (speaker && speaker !== assignee) {
    // "can you send us the form?", asked by one of a couple: both of them. Said by anyone else, whose "us" it is (a
    // family, the firm: "from our files") is not known here, and it stays.
    if (people.pair?.split(" and ").includes(speaker))
      task = task.replace(/\bus\b/g, pair).replace(/\bour\b/g, `${pair}'s`);
  }
  // "update both your wills", said to a couple, is both of theirs: "update both wills", never one name's.
  task = task.replace(/\bboth your\b/gi, "both");
  // "…if you're okay with that" said by Dana to Marcus, in Dana's own task: Marcus is okay, not "they".
  const doers = assignee.split(" and ");
  if (
    people.addresseeSure &&
    addressee &&
    !addressed.some((one) => doers.includes(one)) &&
    !addressed.includes(assignee)
  )
    task = youNamed(task, addressed);
  // What is left of "you" is the assignee, or the people the task is for: a list reads in the third person.
  task = task
    .replace(/\byour\b/gi, "their")
    .replace(/\byou're\b/gi, "they're")
    .replace(/\byou(?:'ve| have)\b/gi, "they have")
    // "…ready when you come in", "tell her what you told me": "you" as the subject of a clause of its own is "they",
    // elsewhere "them".
    .replace(/\b(when|once|before|after|until|if|so|and|as soon as|what|whatever|whether) you\b/gi, "$1 they")
    .replace(THING_YOU_VERB, "$1 they $2")
    .replace(/\byou\b/gi, "them");
  return capitalise(task);
}

const AGREED_WITH_ONE: Readonly<Record<string, string>> = {
  are: "is",
  were: "was",
  have: "has",
  do: "does",
  go: "goes",
  "don't": "doesn't",
  "aren't": "isn't",
  "haven't": "hasn't",
  "weren't": "wasn't",
};

/** The verb after "you" as it reads after one person's name ("draw" → "draws"); null when it is no plain verb. */
function agreedWithOne(verb: string): string | null {
  const word = verb.toLowerCase();
  if (VERBS_THE_SAME_FOR_ONE.includes(word)) return word;
  if (AGREED_WITH_ONE[word]) return AGREED_WITH_ONE[word];
  if (!/^[a-z]{2,}$/.test(word) || NOT_A_VERB_AFTER_YOU.includes(word) || /(?:ed|ly|ing|s)$/.test(word)) return null;
  if (/(?:x|z|ch|sh|o)$/.test(word)) return `${word}es`;
  return /[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`;
}

/** A clause's "you" after a word that opens one: "if you", "the forms you sign". */
const CLAUSE_YOU =
  /\b(when|once|before|after|until|if|so|and|as soon as|what|whatever|whether|(?:which|what|the|this|that|each|every|any) \p{L}+) you (\p{Ll}[\p{Ll}']*)/gu;

/**
 * The addressee's first names for the "you" of a clause or a possession in someone else's task ("if you're okay"
 * → "if Marcus is okay", "your forms" → "Marcus's forms"), the verb agreed; a verb it cannot agree keeps "you" for
 * the list's "they".
 */
function youNamed(task: string, addressed: string[]): string {
  const who = addressed.map(firstName).join(" and ");
  const one = addressed.length === 1;
  return task
    .replace(/\byour\b/gi, `${who}'s`)
    .replace(/\byou're\b/gi, `${who} ${one ? "is" : "are"}`)
    .replace(/\byou(?:'ve| have)\b/gi, `${who} ${one ? "has" : "have"}`)
    .replace(CLAUSE_YOU, (match, opener: string, verb: string) => {
      if (NO_VERB_AFTER_YOU.includes(verb)) return match;
      const agreed = one ? agreedWithOne(verb) : verb;
      return agreed ? `${opener} ${who} ${agreed}` : match;
    });
}

/**
 * "Send Naomi a draft first, Naomi, tomorrow" → "Send Naomi a draft first, tomorrow": a name said to the one spoken
 * to, set off by commas, is no part of the task.
 */
const lastWordOf = (text: string) => text.slice(text.lastIndexOf(" ") + 1);

function withoutVocative(task: string, people: (string | null)[]): string {
  const names = new Set(
    people.flatMap((person) => (person ? person.split(" ").filter((w) => /^\p{Lu}/u.test(w)) : [])),
  );
  const parts = task.split(", ");
  // A part that is only a name of the people in the exchange, after a comma: at the end or between two commas.
  // Not in a list of names ("for Karin, Erik and Sam"): after a part that ends in a name, or before "and"/"or".
  const kept = parts.filter(
    (part, i) =>
      i === 0 ||
      !names.has(part) ||
      /^\p{Lu}/u.test(lastWordOf(parts[i - 1]!)) ||
      /^(?:and|or)\b/.test(parts[i + 1] ?? ""),
  );
  return kept.join(", ");
}

/** "you both", "you two", "both of you" as the people something goes to. */
const TO_YOU_BOTH =
  /\b(to|for|with|send|email|e-mail|mail|forward|bring|give|show|call|text|tell|remind|update) (?:you (?:both|two)|both of you)\b/gi;
/** "you" as the person something goes to: "mail you the form" said to Ben → "mail Ben the form". */
const TO_YOU =
  /\b(to|for|with|send|email|e-mail|mail|forward|fax|bring|hand|get|pay|call|ring|give|show|text|message|tell|remind|update|copy|cc) you\b/gi;
