// An adviser's recap of who does what, read as commitments: from its cue ("let me recap", "to-dos", "next steps")
// while its sentences keep the recap's shape ("For me: …", "Priya: send…", "Daniel orders…", "she's doing…"; every
// form with its owner: docs/features.md, "Clients and meetings", step 2 of the action items). A "Decisions" part
// is skipped. Each sentence is read once.

import { alternation, DIGIT_WORDS } from "../../language/lexicon";
import { lexiconRegExp } from "../../language/patterns";
import { firstMatch } from "../../language/rules";
import type { Sentence } from "../../language/sentences";
import { firstName, fullName, isPersonName } from "./names";
import { NOT_A_TASK } from "./not-a-task.rules";
import {
  BARE_THING,
  hasPronounObject,
  isTaskVerbPhrase,
  objectOf,
  toBaseVerb,
  withNamedThing,
  withObject,
} from "./task-text";

export const RECAP_CUE =
  /\b(?:recap|read (?:us |me |you )?back|repeat back|next steps|action items|to-?dos|to sum up|to summari[sz]e|in summary|let me (?:summari[sz]e|go over what|run through (?:the list|what))|(?:run|go) (?:through|over) who(?:'s| is) doing what)\b/i;
const ITEMS_HEADER = /^(?:(?:and|so|okay|ok),?\s+)*(?:the\s+)?(?:to-?dos|action items|next steps|homework)\b[\s.:,-]*/i;
const DECISIONS_HEADER = /^(?:(?:and|so|okay|ok),?\s+)*(?:the\s+)?decisions?\b(?:,? for the record)?[\s.:,-]*/i;
const LEADING_WORDS = /^(?:(?:and|so|okay|ok|also|plus|then|oh|right|now),?\s+)+/i;
// "For me:", "For you, Anjali:", "For you two:", "Me:", "Priya:", "Chidi and Grace:", "For Priya:".
// Case-sensitive: a name is capitalised (with the "i" flag, \p{Lu} would match any letter).
const FRAME =
  /^(?:[Ff]or\s+)?([Mm]e|[Yy]ou two|[Yy]ou both|[Bb]oth of you|[Tt]he two of you|[Yy]ou|\p{Lu}\p{Ll}+(?: and \p{Lu}\p{Ll}+)?)(?:,\s+(\p{Lu}\p{Ll}+))?\s*:\s*/u;
const FRAME_WITH_COMMA = /^[Ff]or\s+(me|you two|you both|you)(?:,\s+(\p{Lu}\p{Ll}+))?\s*[:,]\s*/u;
// A main clause after "Once the rollover clears, …" or "When they're ready, …" (an "if" is a hypothetical).
const LEADING_TIME_CLAUSE = /^(?:once|when|after|as soon as)\s[^,]{1,80},\s+/i;
const HYPOTHETICAL_OR_NEGATED =
  /^(?:if|unless|whether)\b|\b(?:won't|will not|wouldn't|can't|cannot|couldn't|never|don't|didn't|doesn't|not|no longer)\b/i;
// Clauses of one recap sentence: "…by Monday, and she's doing the returns", "Chidi calls Ngozi, Grace calls Emeka".
const CLAUSE_BREAK =
  /[;:]\s+|,\s+(?:and\s+)?(?=(?:I|he|she|they|you)(?:'ll|'s|'m|'re)?\s|\p{Lu}\p{Ll}+(?: and \p{Lu}\p{Ll}+)?(?:(?:'s|'ll| will) \p{Ll}|(?: also)? \p{Ll}{2,}s\b))/u;
// "I'm sending…" is a task, "I'm a notary" is not: after "I'm" only an "-ing" verb counts.
const FIRST_PERSON =
  /^I(?:'ll| will|'m going to| am going to|'m(?= \p{Ll}+ing\b)| am(?= \p{Ll}+ing\b))?\s+(?:also\s+|still\s+|just\s+|then\s+)?(?!be\b|think\b|hope\b|guess\b|mean\b|love\b|told\b|said\b|was\b|had\b|can\b|could\b|would\b|should\b|might\b|may\b|want\b|know\b|wrote\b|remember\b|forgot\b|need\b|feel\b|like\b)(\p{Ll}[\p{L}'-]*)\b(.*)/u;
const PRONOUN_SUBJECT =
  /^(he|she|they)(?:'ll| will|(?:'s| is|'re| are)(?= \p{Ll}+ing\b))?\s+(?:also\s+|still\s+)?(?!be\b|been\b|got\b|going to be\b|should\b|could\b|would\b|might\b|may\b|must\b|can\b)(\p{Ll}[\p{L}'-]*)\b(.*)/iu;
const YOU_SUBJECT =
  /^you(?: two| both)?(?:'ll| will|'re| are)?(?: both| two)?\s+(?:also\s+|still\s+)?(?!be\b|and\b|have to decide\b|know\b|said\b|told\b|can\b|could\b|might\b|may\b)(\p{Ll}[\p{L}'-]*)\b(.*)/iu;
const NAMED_SUBJECT =
  /^(\p{Lu}\p{Ll}+(?: and \p{Lu}\p{Ll}+)?)(?:(?:'s|’s| is| are)\s+(?:also\s+|still\s+)?(\p{Ll}+ing)\b|(?:'ll| will| is going to| are going to)\s+(?:also\s+|still\s+)?(\p{Ll}+)\b|(?:\s+(?:also|still|then|just))?\s+(\p{Ll}{2,}s)\b)(.*)/u;
// Verbs that report or describe rather than commit: "Grace says", "Ray thinks", "Peggy wants".
// ... and verbs of a state, not an action: "June waits until seventy", "Naomi keeps the house" are decisions.
const NOT_A_TASK_VERB =
  /^(?:be|is|was|says|said|thinks|knows|wants|likes|loves|seems|sounds|means|feels|gets? to|needs|has been|goes up|does great|waits?|keeps?|stays?|holds?|retires?)$/;
const NOT_IMPERATIVE = lexiconRegExp(
  `^(?:the|a|an|that|this|it|there|these|those|my|your|our|his|her|their|no|not|yes|and|but|so|we|we're|we'll|it's|that's|i|you|he|she|they|what|which|who|how|why|where|when|if|once|after|until|because|unless|as|since|while|before|exactly|correct|right|perfect|great|okay|ok|thanks|thank|sure|yeah|yep|also|${alternation(DIGIT_WORDS.slice(0, 4))}|anything|nothing|everything|still)\\b`,
  "i",
);
/** How many sentences in a row may say nothing of the recap's shape before it is over. */
const MAX_MISSES = 2;
/** A recap is a closing list, not the rest of the meeting. */
const MAX_RECAP_SENTENCES = 40;
const ACKNOWLEDGEMENT =
  /^(?:(?:yes|yeah|yep|correct|right|exactly|sure|okay|ok|perfect|great|got it|that's right|mm-hmm|go for it|go ahead)[,.!\s]*)+$/i;

export interface RecapClause {
  /** The task as said, from its verb: "send Daniel a document checklist by Monday". */
  task: string;
  /** Who does it, as named or resolved ("me" is resolved by the caller from the sentence's speaker). */
  assignee: Who;
  sentence: Sentence;
}

export type Who = { kind: "speaker" } | { kind: "addressee" } | { kind: "pair" } | { kind: "named"; name: string };

interface RecapState {
  decisions: boolean;
  frame: Who | null;
  /** Who set the frame: their imperatives are the frame's tasks, nobody else's. */
  frameSpeaker: string | null;
  /** The person named last as a subject, for "she's doing…". */
  lastSubject: Who | null;
  /** The sentence that named it, for "…, and forwarding me the agreement" in the same sentence. */
  subjectSaidIn: number;
  /** The object of the task before, for "Grace pays it". */
  lastObject: string | null;
  misses: number;
  length: number;
}

// A look back ("to recap where we left off", "read back the agenda") is no list of commitments.
const LOOKING_BACK = /\b(?:where we (?:left off|are|were)|last (?:time|meeting)|the agenda|so far|from before)\b/i;

/**
 * Reads the recaps of a meeting: the clauses of each recap (in meeting order, one list per recap) and the indexes
 * of the sentences they cover.
 */
export function readRecaps(
  sentences: Sentence[],
  speakers: string[],
): { recaps: RecapClause[][]; covered: Set<number> } {
  const recaps: RecapClause[][] = [];
  const covered = new Set<number>();
  let state: RecapState | null = null;
  let clauses: RecapClause[] = [];
  for (const sentence of sentences) {
    if (!state) {
      if (!RECAP_CUE.test(sentence.text) || LOOKING_BACK.test(sentence.text)) continue;
      state = {
        decisions: false,
        frame: null,
        frameSpeaker: null,
        lastSubject: null,
        subjectSaidIn: -1,
        lastObject: null,
        misses: 0,
        length: 0,
      };
      clauses = [];
      recaps.push(clauses);
    }
    state.length++;
    covered.add(sentence.index);
    const found = readRecapSentence(sentence, state, speakers);
    clauses.push(...found.clauses);
    if (found.shaped) state.misses = 0;
    else state.misses++;
    if (state.misses > MAX_MISSES || state.length >= MAX_RECAP_SENTENCES) state = null;
  }
  return { recaps, covered };
}

/** One sentence of a recap: its clauses, and whether it kept the recap's shape (a task, a header, a "yes"). */
function readRecapSentence(
  sentence: Sentence,
  state: RecapState,
  speakers: string[],
): { clauses: RecapClause[]; shaped: boolean } {
  let text = sentence.text.replace(LEADING_WORDS, "");
  const cue = RECAP_CUE.exec(text);
  if (cue && !ITEMS_HEADER.test(text) && !FRAME.test(text) && !FRAME_WITH_COMMA.test(text)) {
    // "So, let me recap." opens the recap; "So to summarise: rebalance…, and Priya drafts…" holds it.
    const colon = text.indexOf(": ", cue.index);
    if (colon < 0) return { clauses: [], shaped: true };
    text = text.slice(colon + 2);
  }
  if (ACKNOWLEDGEMENT.test(text.trim())) return { clauses: [], shaped: true };
  const decisions = DECISIONS_HEADER.exec(text);
  if (decisions) {
    state.decisions = true;
    return { clauses: [], shaped: true };
  }
  const items = ITEMS_HEADER.exec(text);
  if (items) {
    state.decisions = false;
    text = text.slice(items[0].length);
    if (!text) return { clauses: [], shaped: true };
  }
  const frame = FRAME_WITH_COMMA.exec(text) ?? FRAME.exec(text);
  if (frame?.[1] && isFrame(frame[1], speakers)) {
    state.decisions = false;
    state.frame = whoOfFrame(frame[1], frame[2], speakers);
    state.frameSpeaker = sentence.speaker;
    text = text.slice(frame[0].length);
  }
  if (state.decisions) return { clauses: [], shaped: true };
  const clauses: RecapClause[] = [];
  for (const part of splitRecapClauses(text)) {
    const clause = readClause(part, sentence, state, speakers);
    if (clause) clauses.push(clause);
  }
  return { clauses, shaped: clauses.length > 0 || frame !== null };
}

function isFrame(word: string, speakers: string[]): boolean {
  const lower = word.toLowerCase();
  if (lower === "me" || lower.startsWith("you") || lower.startsWith("both") || lower.startsWith("the two")) return true;
  return word.split(" and ").every((name) => isPersonName(name, speakers));
}

function whoOfFrame(said: string, vocative: string | undefined, speakers: string[]): Who {
  const lower = said.toLowerCase();
  if (lower === "me") return { kind: "speaker" };
  if (vocative && isPersonName(vocative, speakers)) return { kind: "named", name: namesOf(vocative, speakers) };
  if (lower === "you") return { kind: "addressee" };
  if (lower.startsWith("you") || lower.startsWith("both") || lower.startsWith("the two")) return { kind: "pair" };
  return { kind: "named", name: namesOf(said, speakers) };
}

function namesOf(said: string, speakers: string[]): string {
  return said
    .split(" and ")
    .map((name) => fullName(name, speakers))
    .join(" and ");
}

/**
 * Splits at clause breaks. Within an imperative clause, ", and <verb>" starts another task ("request the estimate,
 * and download the statement"); a part that does not start with a verb ("…, and the certificate") stays with the one
 * before, and a clause led by its subject keeps its "and" ("I'll submit the applications, and get the exams booked").
 */
function splitRecapClauses(text: string): string[] {
  const out: string[] = [];
  for (const piece of text.split(CLAUSE_BREAK)) {
    const part = piece.trim();
    if (!part) continue;
    if (SUBJECT_START.test(part)) {
      // "Joanne is pulling the statements, and forwarding me the agreement": two tasks of hers.
      for (const said of part.split(AND_PROGRESSIVE)) out.push(...splitGapped(said));
      continue;
    }
    // The task being built, as pieces joined once at the end (testing a string grown by "+" would copy it each time).
    let pieces: string[] = [];
    let isThing = false;
    for (const sub of part.split(/,\s+and\s+|(?<!\s)\s+and then\s+/i)) {
      // A verb after ", and " is lower case: a capital there starts a name or a noun ("…, and Direct Pay instructions").
      // Under "For me: the income plan, and the care comparison", each noun phrase is a task of its own.
      const listOfThings = isThing && BARE_THING.test(sub);
      if (pieces.length > 0 && !listOfThings && (NOT_IMPERATIVE.test(sub) || !/^\p{Ll}/u.test(sub))) pieces.push(sub);
      else {
        if (pieces.length > 0) out.push(pieces.join(", and "));
        pieces = [sub];
        isThing = BARE_THING.test(sub);
      }
    }
    if (pieces.length > 0) out.push(pieces.join(", and "));
  }
  return out;
}

const DEADLINE_WORDS =
  /\b(?:by|before|tomorrow|today|tonight|this (?:afternoon|morning|evening|week|weekend)|next week|end of)\b/i;
const LED_BY_VERB =
  /^(.*?\b(?:I|he|she|they|we|you|\p{Lu}\p{Ll}+)(?:'ll| will|'m| am)?\s+(?:also\s+|still\s+)?\p{Ll}[\p{L}-]*)\s/u;

/** "I'll send the forms this afternoon, and the deed by Monday": two tasks, the second with the first one's verb. */
function splitGapped(part: string): string[] {
  const at = part.search(/,\s+and\s+(?:the|a|an|my|your|our|his|her|their)\s/i);
  if (at < 0) return [part];
  const first = part.slice(0, at);
  const second = part.slice(at).replace(/^,\s+and\s+/i, "");
  const lead = LED_BY_VERB.exec(first)?.[1];
  if (!lead || !DEADLINE_WORDS.test(first) || !DEADLINE_WORDS.test(second)) return [part];
  return [first, `${lead} ${second}`];
}

const CONTINUED_VERB = /^(\p{Ll}{2,}ing)\b(.*)/u;
const AND_PROGRESSIVE = /,\s+and\s+(?=\p{Ll}{2,}ing\s)/u;

const SUBJECT_START =
  /^(?:(?:and|so|then|also)\s+)?(?:I|he|she|they|you|we|\p{Lu}\p{Ll}+(?: and \p{Lu}\p{Ll}+)?)(?:'ll|'s|'m|'re| will| is| are)?\s/u;

function readClause(raw: string, sentence: Sentence, state: RecapState, speakers: string[]): RecapClause | null {
  const text = raw.replace(LEADING_WORDS, "").replace(LEADING_TIME_CLAUSE, "").trim();
  if (!text || /\?\s*$/.test(text) || HYPOTHETICAL_OR_NEGATED.test(text)) return null;
  // The meeting's own running ("let's meet again on Tuesday") is no task after a recap either; the recap's own
  // reading of negations and conditions stays (HYPOTHETICAL_OR_NEGATED).
  if (firstMatch(NOT_A_TASK, text)?.rule.effect === "in-meeting") return null;
  const read = subjectAndTask(text, state, speakers, sentence);
  if (!read) return null;
  let task = read.task.replace(/(?<![\s.!?])[\s.!?]+$/, "").trim();
  if (!/\p{L}{2}/u.test(task.replace(/^\S+/, ""))) return null; // a verb alone is no task
  if (!isTaskVerbPhrase(task)) return null;
  if (hasPronounObject(task)) {
    if (!state.lastObject) return null;
    task = withObject(task, state.lastObject);
    if (hasPronounObject(task)) return null;
  }
  // "Grace: make that payment", after "send Grace the estimated payment amounts": the estimated payment.
  task = withNamedThing(task, state.lastObject);
  const object = objectOf(task);
  if (object && !hasPronounObject(task)) state.lastObject = object;
  // "Ruth starts the agreement. Ruth also updates the lease.": two tasks of Ruth's, each ticked off on its own.
  return { task, assignee: read.who, sentence };
}

// "I uploaded the statements" reports what was done; "I submit the application" and "I'll submit…" are tasks.
const PAST_VERB =
  /^(?:\p{Ll}+ed|sent|got|did|made|had|told|said|went|took|gave|found|wrote|spoke|brought|bought|paid|put|read|ran|left|met|saw|thought|heard|kept|set)$/u;

function isPastWithoutAuxiliary(text: string, verb: string): boolean {
  return (
    /^I\s/.test(text) &&
    !/^I\s+(?:also|still|just|then)\s+(?:will|'ll)\b/.test(text) &&
    PAST_VERB.test(verb) &&
    !/^(?:need|feed|seed|speed|bleed|proceed|exceed|succeed)$/.test(verb)
  );
}

function subjectAndTask(
  text: string,
  state: RecapState,
  speakers: string[],
  sentence: Sentence,
): { who: Who; task: string } | null {
  const { speaker } = sentence;
  const first = FIRST_PERSON.exec(text);
  if (first?.[1] && isPastWithoutAuxiliary(text, first[1])) return null;
  if (first?.[1]) return { who: { kind: "speaker" }, task: `${toBaseVerb(first[1])}${first[2] ?? ""}` };
  const pronoun = PRONOUN_SUBJECT.exec(text);
  if (pronoun?.[2]) {
    if (!state.lastSubject || NOT_A_TASK_VERB.test(pronoun[2])) return null;
    return { who: state.lastSubject, task: `${toBaseVerb(pronoun[2])}${pronoun[3] ?? ""}` };
  }
  const you = YOU_SUBJECT.exec(text);
  if (you?.[1]) {
    const plural = /^you(?: two| both|(?:'ll|'re| will| are) (?:both|two))\b/i.test(text);
    const who: Who = plural ? { kind: "pair" } : (state.frame ?? { kind: "addressee" });
    if (plural) {
      state.frame = who;
      state.frameSpeaker = speaker;
    }
    return { who, task: `${toBaseVerb(you[1])}${you[2] ?? ""}` };
  }
  const named = NAMED_SUBJECT.exec(text);
  if (named?.[1]) {
    const verb = named[2] ?? named[3] ?? named[4] ?? "";
    const names = named[1].split(" and ");
    if (names.every((name) => isPersonName(name, speakers)) && !NOT_A_TASK_VERB.test(verb)) {
      const who: Who = { kind: "named", name: namesOf(named[1], speakers) };
      state.lastSubject = who;
      // "Daniel opens the account and moves the money into it": every verb of the task in its base form.
      const progressive = named[2] !== undefined;
      const rest = /s$/.test(verb) || progressive ? coordinatedInBase(named[5] ?? "", progressive) : (named[5] ?? "");
      state.subjectSaidIn = sentence.index;
      return { who, task: `${toBaseVerb(verb)}${rest}` };
    }
    return null;
  }
  // "Joanne is pulling the statements, and forwarding me the agreement": the second verb is the same person's task.
  const continued = CONTINUED_VERB.exec(text);
  if (continued?.[1] && state.lastSubject && state.subjectSaidIn === sentence.index)
    return { who: state.lastSubject, task: `${toBaseVerb(continued[1])}${continued[2] ?? ""}` };
  // An imperative, or a bare noun phrase ("For me: the income plan, and the care comparison"), under a frame.
  if (state.frame && speaker === state.frameSpeaker && (!NOT_IMPERATIVE.test(text) || BARE_THING.test(text))) {
    const firstWord = text.split(/\s/)[0] ?? "";
    if (/^\p{Lu}\p{Ll}+$/u.test(firstWord) && speakers.some((s) => firstName(s) === firstWord)) return null;
    return { who: state.frame, task: text };
  }
  return null;
}

// "… and moves the money", "… and has Marv send", "… and setting up the spreadsheet": a second verb said of the same
// person, before its object (a particle may come between).
const AND_VERB = /\band (\p{Ll}{2,}s) (?=the |a |an |his |her |their |its |it |them |\p{Lu})/gu;
const AND_VERB_ING =
  /\band (\p{Ll}{2,}ing) (?=(?:up |out |over |back |together )?(?:the |a |an |his |her |their |its |it |them |me |us |him |\p{Lu}))/gu;
/** The verbs after "and" in their base form, as the first one is ("moves" → "move", "setting" → "set"). */
function coordinatedInBase(rest: string, progressive: boolean): string {
  return rest.replace(progressive ? AND_VERB_ING : AND_VERB, (_, verb: string) => `and ${toBaseVerb(verb)} `);
}
