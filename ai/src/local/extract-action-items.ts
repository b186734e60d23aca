// Rule-based action items: only real commitments and requests, "rather short and right than long and wrong".
// 1. Recaps first (action-items/recap.ts): an adviser's closing "who does what" is read as commitments.
// 2. Then the body: "I will…", "I'll…", "Kevin will…", "Tom, please…", "can you send…", "we'll…", "let's… by
//    Friday"; the assignee is who committed (the speaker of "I will"), who was named, or who was asked (the person
//    addressed by name, else the other party). A body item that repeats a recap item merges into it (the recap's
//    wording is kept). Negations, musings, hypotheticals, reports of the past, explanations of rules and things
//    done during the meeting are not commitments; a task whose object is only "that"/"it" takes the thing from the
//    request it answers, or is dropped.
// Due dates only when a deadline was said for the task (action-items/due-date.ts).

import type { ActionItem } from "../types";
import { dueDateOf } from "./action-items/due-date";
import { joinFragments } from "./action-items/join-fragments";
import { firstName, fullName, mentionsName, NOT_A_NAME, pairAddressed, pairOfClient } from "./action-items/names";
import { readRecaps, type Who } from "./action-items/recap";
import {
  cleanTask,
  demonstrativeNoun,
  hasPronounObject,
  haveDelivered,
  isTaskVerbPhrase,
  objectOf,
  standsForAskedTask,
  withNamedThing,
  withObject,
} from "./action-items/task-text";
import type { Sentence } from "./split-sentences";
import { contentTerms } from "./text-tokens";

const MAX_ACTION_ITEMS = 8;
/** A recap with this many tasks is the list; the body then adds only tasks said with a deadline. */
const RICH_RECAP = 6;
/** A request or instruction whose thing is "one", "it" or "that": it replaces whatever was named before. */
const ASKS_FOR_UNNAMED_THING =
  /^(?:(?:yes|yeah|sure|okay|ok|so|and|just),?\s+)*(?:please\s+|can you\s+|could you\s+)?\p{L}+\s+(?:the\s+(?:\p{L}+\s+){0,3}one|it|that|them)\b/iu;
/** How many sentences back a "that" may point. */
const MAX_ANTECEDENT_DISTANCE = 4;
/** Who is assigned when the transcript names nobody who could be (no speaker labels, nobody addressed). */
export const UNASSIGNED = "Unassigned";

type Assignee = "speaker" | "addressee" | "pair" | "named";

interface CommitmentRule {
  pattern: RegExp;
  assignee: Assignee;
  /** Weak forms ("I can", "we need to") count only with a deadline, or every musing would be a task. */
  weak?: boolean;
}

// Each pattern captures the task in group 1 (or 2), starting at its verb, to the end of the clause: sentences hold
// no line breaks (cleanSpokenText collapses whitespace), so `(.+)` reaches the end and needs no `$`.
const RULES: CommitmentRule[] = [
  {
    pattern:
      /\b(?:can|could|would|will) you(?: please)?(?: be able to)?\s+(?!be\b|see\b|hear\b|believe\b|imagine\b|like\b|mind\b|repeat\b|explain\b|tell me\b|say\b|remind me what\b|read\b)(.+)/i,
    assignee: "addressee",
  },
  {
    pattern:
      /^(?:so |and |but |then |ok(?:ay)?,? |also,? |yes,? )*please\s+(?!note\b|bear\b|don't hesitate\b|go on\b|continue\b)(.+)/i,
    assignee: "addressee",
  },
  { pattern: /\byou(?:'ll| will)? (?:need to|have to|must)\s+(?!be\b|have\b|wait\b)(.+)/i, assignee: "addressee" },
  { pattern: /\byou should\s+(?!be\b|have been\b)(.+)/i, assignee: "addressee", weak: true },
  {
    pattern:
      /\byou (?:two|both) (?:will|are going to)\s+(?!be\b|get\b|have\b|see\b|hear\b|need\b|want\b|like\b|love\b|find\b)(.+)|\byou(?:'ll| will) both\s+(?!be\b|get\b|have\b|see\b|hear\b|need\b|want\b|like\b|love\b|find\b)(.+)/i,
    assignee: "pair",
  },
  { pattern: /\bI(?:'d| would)? (?:suggest|recommend|advise)(?: that)? you\s+(.+)/i, assignee: "addressee" },
  {
    pattern:
      /\bI(?:'ll| will| shall|'m going to| am going to|'m gonna)\s+(?!be\b|have a\b|think\b|see\b|just say\b|say\b|tell you what\b|admit\b|bet\b|try and see\b|probably\b|never\b|not\b|need\b|want\b|let\b|hear\b|miss\b|remember\b|take that\b|keep that\b|get back to that\b)(.+)/i,
    assignee: "speaker",
  },
  {
    pattern: /\bI(?: can| need to| have to| should)\s+(?!be\b|see\b|think\b|tell\b|say\b|imagine\b|hear\b)(.+)/i,
    assignee: "speaker",
    weak: true,
  },
  {
    pattern:
      /\bwe(?:'ll| will|'re going to| are going to)\s+(?!be\b|see\b|have to see\b|talk\b|never\b|not\b|probably\b|need\b|have\b|deal\b|revisit\b|come back\b|cross that\b|figure\b|look at\b|go through\b|get into\b|go with\b|stick with\b|keep\b)(.+)/i,
    assignee: "speaker",
  },
  { pattern: /\bwe(?: need to| have to| must| should)\s+(.+)/i, assignee: "speaker", weak: true },
];

const DELEGATED = /\bI(?:'ll| will|'m going to| am going to) (?:have|get|ask) (\p{Lu}\p{Ll}+) (?:to )?(\p{Ll}.+)/u;
// "let's ..." only counts with a deadline; "let's start with performance" is not a task.
const LETS = /\blet(?:'s| us)\s+(?!see\b|say\b|talk\b|think\b|hope\b)(.+)/i;
const DEADLINE =
  /\b(by|before|on time|until|this (?:week|month|afternoon|evening)|next (?:week|month)|tomorrow|today|tonight|end of|on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b/i;
const NAMED_PERSON =
  /\b(\p{Lu}\p{Ll}+(?: \p{Lu}\p{Ll}+)?),?(?: will|'ll| is going to| needs to| has to| has agreed to| agreed to)\s+(?!be\b|see\b|probably\b|never\b|not\b|want\b|need\b|love\b|like\b|have\b)(.+)/u;
// "Tom, please send…", "Tom, can you…": the person addressed opens the clause.
const VOCATIVE =
  /^(?:so,? |and,? |okay,? )?(\p{Lu}\p{Ll}+),\s+(?=please\b|can you\b|could you\b|would you\b|will you\b|you'll need\b|you need\b)/iu;
// "…, Tom?" or "…, Tom." closing a request.
const CLOSING_VOCATIVE = /,\s+(\p{Lu}\p{Ll}+)[.!?]*$/u;
// Any name said to someone: "Peggy, …", "…, Peggy." (for transcripts without speaker labels).
const OPENING_VOCATIVE = /^(?:(?:so|and|okay|ok|oh|well|now),?\s+)*(\p{Lu}\p{Ll}+),\s/u;
const MEETING_TALK =
  /\b(meet again|next meeting|follow[- ]up (?:meeting|call)|schedule (?:a|another|our) |reconvene|talk again|speak again|find a time|next time we (?:meet|need to meet)|reach out to schedule|set up a time)\b/i;
// Conditions, open questions, refusals, hypotheticals, reports of the past, explanations of rules ("you have to be
// disabled ninety days before…"), musings and things done in the meeting itself are not commitments.
const NOT_A_COMMITMENT =
  /^(?:if|when|unless|whether|once|what|how|why|where)\b|\bwhether\b|\bwonder\b|\b(?:won't|will not|wouldn't|can't|cannot|couldn't|never|don't|didn't|doesn't|shouldn't|not)\b|\b(?:we'll|we will|I'll|I will) (?:see|have to see)\b|\bmaybe\b|\bperhaps\b|\bnot sure\b|\bunsure\b|\bdoubt\b|\bI (?:said|told|thought) I(?:'d| would)\b|\bif (?:we|you|I|they|he|she) (?:ever|wanted|decided|had|were|did|sold|bought)\b|\b(?:at some point|someday|one day|down the road|later conversation)\b|\b(?:let me|I'll just|I'm going to|I'll) (?:pull up|grab|look|check|share my screen|find|open|write (?:that|this|it) down|note|make a note|jot)\b|\bif (?:anything|something|that|it|things?|the \w+) (?:changes?|happens?|comes up|goes wrong|falls through)\b|\b(?:need|want|have) to (?:hear|see|know|understand)\b|\b(?:you|they) (?:have to|must|need to) be\b|\btell \p{Lu}\p{Ll}+ (?:you|I|we|they) said\b/iu;
// "What would help me is if you two could send me…", "it'd help if you could…": a request said as a wish.
const HELPS_IF_YOU_COULD =
  /^(?:(?:so|and|okay|ok|well|now),?\s+)*(?:what would (?:really )?help(?: me)?(?: most)? is|it would (?:really )?help(?: me)?(?: a lot)?|it'd (?:really )?help(?: me)?(?: a lot)?|I'd appreciate it|it would be great|it'd be great) if (each of you|both of you|you two|you both|you)(?: two| both| all)? (?:could|can|would)\s+(?:just\s+|please\s+)?(.+)/i;
// "I'll help you do it tonight": the task stays the other person's; the helper only says when it gets done.
const HELPS_DO_IT = /\bI(?:'ll| will| can|'m going to) help (you|\p{Lu}\p{Ll}+) (?:to )?do (?:it|that|this)\b(.*)/u;
// "Sorry, I'm going to keep the monitor by the laptop": an aside about the call itself, said as an apology.
const APOLOGY_ASIDE = /^(?:oh,?\s+)?sorry,?\s+(?:I'm|I am)\b/i;
// "I'll use whatever wording you give me": the speaker defers to someone else's choice; the task is theirs.
const DEFERS_TO_OTHERS =
  /\b(?:whatever|whichever) (?:\p{L}+ )?(?:you|they|he|she|\p{Lu}\p{Ll}+) (?:give|send|say|tell|decide|want|pick|choose|recommend)s?\b/u;
// "…, so I can pre-screen with the underwriters": what a request is for, not a second promise.
const PURPOSE = /^so (?:that )?(?:I|we|you|he|she|they) (?:can|could)\b/i;
// "Bring photo ID to the signing": a thing brought to the next meeting is due that day.
const BROUGHT_TO_NEXT_MEETING =
  /^bring\b[^.]*\b(?:to|at|for) (?:the|our|your) (?:signing|next meeting|meeting|appointment|follow-up)\b/i;
/** A clause that begins as a question does: an auxiliary or a question word first ("Should I…", "What if we…"). */
const ASKS =
  /^(?:(?:so|and|but|okay|ok|then|or),?\s+)?(?:\p{Lu}\p{Ll}+,\s+)?(?:should|shall|do|does|did|would|could|can|will|won't|wouldn't|shouldn't|is|isn't|are|aren't|was|were|have|has|am|what|when|who|whom|whose|why|how|where|which)\b/iu;
const REQUEST_QUESTION = /^(?:(?:so|and|okay|ok|then),?\s+)?(?:\p{Lu}\p{Ll}+,\s+)?(?:can|could|would|will) you\b/iu;

interface Participants {
  speakers: string[];
  /** The next meeting's day (yyyy-MM-dd), when one was set: what "bring your ID to the signing" is due for. */
  nextMeetingDate?: string | null;
  /** The client as the adviser typed it ("Tom Brennan and Luis Ortiz"): who "you two" are when two speakers are it. */
  clientName?: string;
  /** Due dates are resolved against the meeting date; without one, items carry none. */
  meetingDate?: Date;
}

/** Finds action items in the sentences in meeting order; deduplicated and capped. */
export function extractActionItems(spoken: Sentence[], participants: Participants): ActionItem[] {
  const sentences = joinFragments(spoken);
  const context: Context = {
    participants,
    previousOther: findPreviousOtherSpeakers(sentences),
    lastVocative: findLastVocatives(sentences),
    couple:
      pairAddressed(null, participants.speakers, null) ?? pairOfClient(participants.clientName, participants.speakers),
    namedInSentence: new Map(),
    addresseeOfSentence: new Map(),
  };
  const list = new ItemList(peopleTerms(participants));
  const recap = readRecaps(sentences, participants.speakers);
  let lastPair: string | null = null;
  // The closing recap is the surest list: the last recap's items take the places first.
  for (const clause of [...recap.recaps].reverse().flat()) {
    const assignee = resolveWho(clause.assignee, clause.sentence, context, lastPair);
    if (clause.assignee.kind === "named" && clause.assignee.name.includes(" and ")) lastPair = clause.assignee.name;
    const item = buildItem(clause.task, assignee, clause.sentence, context);
    if (item && !("acceptedBy" in item)) list.add(item, clause.sentence.index, true);
  }
  // Only the first MAX_ACTION_ITEMS distinct items are ever shown, and a later item merges into the first one it
  // repeats, so an item that repeats none of those is dropped at once: the duplicate check covers at most
  // MAX_ACTION_ITEMS items (linear in the transcript).
  const recapCount = recap.recaps.reduce((n, r) => n + r.length, 0);
  let lastObject: string | null = null;
  let lastObjectAt = 0;
  let lastRequest: { assignee: string; task: string; at: number; by: string | null } | null = null;
  for (const sentence of sentences) {
    if (list.isSettled()) break; // nothing can change
    if (recap.covered.has(sentence.index)) continue; // read as a recap
    // "That" points at the turns just before, not at something said minutes ago.
    if (sentence.index - lastObjectAt > MAX_ANTECEDENT_DISTANCE) lastObject = null;
    let object = requestedObject(sentence.text);
    for (const clause of splitClauses(sentence.text)) {
      if (MEETING_TALK.test(clause)) continue; // the next meeting is reported on its own
      const item = matchClause(clause, sentence, context, lastObject);
      if (!item) continue;
      const request = lastRequest && sentence.index - lastRequest.at <= MAX_ANTECEDENT_DISTANCE ? lastRequest : null;
      if ("acceptedBy" in item) {
        list.dateAcceptedTask({
          assignee: item.acceptedBy,
          dueDate: item.dueDate,
          requested: request && includesPerson(request.assignee, item.acceptedBy) ? request.task : null,
          context: termsAround(sentences, sentence.index),
        });
        continue;
      }
      // "Can you send me the statements?" "Sure, I'll send them by Friday.": the answer is the request, done by the one
      // who answered, in the answer's words and with its date.
      if (item.answers && request && request.by !== sentence.speaker && list.answer(request, item.task, item)) {
        lastRequest = null;
        continue;
      }
      // A recap of many tasks is the meeting's list: an undated task it left out was said in passing.
      if (recapCount >= RICH_RECAP && !item.dueDate) continue;
      list.add(item, sentence.index, false);
      // A task for someone other than the speaker is a request: what a later "I'll do that tonight" accepts.
      if (item.assignee !== sentence.speaker)
        lastRequest = { assignee: item.assignee, task: item.task, at: sentence.index, by: sentence.speaker };
      object = objectOf(item.task) ?? object;
    }
    // What a later "that" or "it" points at: the thing the last request or task was about.
    if (object && !hasPronounObject(`do ${object}`) && !/^(?:one|some|any)$/i.test(object)) {
      lastObject = object;
      lastObjectAt = sentence.index;
    } else if (ASKS_FOR_UNNAMED_THING.test(sentence.text)) {
      // "Upload the most recent one": the thing asked for now is not the one named before, so "that" means neither.
      lastObject = null;
    }
  }
  list.settleAcceptances();
  return list.items();
}

/** The content terms of a sentence and the few before it: what "I'll do mine today" is about. */
function termsAround(sentences: Sentence[], index: number): Set<string> {
  const terms = new Set<string>();
  for (let i = Math.max(0, index - MAX_ANTECEDENT_DISTANCE); i <= index; i++) {
    for (const term of contentTerms(sentences[i]?.text ?? "")) terms.add(term);
  }
  return terms;
}

/** Whether the person is the assignee or one of a pair ("Grace Nwosu" in "Grace Nwosu and Chidi Nwosu"). */
function includesPerson(assignee: string, person: string): boolean {
  return assignee === person || assignee.split(" and ").includes(person);
}

/** A dated "I'll do that tonight", resolved once every item is listed. */
interface Acceptance {
  assignee: string;
  dueDate: string;
  /** The task asked of this person just before, when there was one. */
  requested: string | null;
  /** The words of the turns around it. */
  context: Set<string>;
  /** Their only task listed when they said it, for when nothing else tells which one was meant. */
  only?: FoundItem;
}

interface FoundItem {
  item: ActionItem;
  /** The task's content terms, computed once. */
  terms: Set<string>;
  /** Index of the sentence that said it. */
  saidAt: number;
  fromRecap: boolean;
}

// Verbs most tasks share: "send the invite" and "send the upload link" are two tasks, not one said twice.
const COMMON_TASK_VERBS = new Set(
  "send email call get make do take give have put set run start bring forward text mail pass share".split(" "),
);

/** The same person, or one side does not know who: "Unassigned" merges into a named repeat of the task. */
function samePerson(a: string, b: string): boolean {
  return a === b || a === UNASSIGNED || b === UNASSIGNED;
}

function taskTerms(task: string, nameTerms: ReadonlySet<string> = new Set()): Set<string> {
  return new Set(contentTerms(task).filter((term) => !COMMON_TASK_VERBS.has(term) && !nameTerms.has(term)));
}

/**
 * The words of the people in the meeting: "Send Omar the rollover forms" and "Send Omar the beneficiary form" are
 * two tasks, so whom a task is for does not make two tasks one; the thing done does.
 */
function peopleTerms(participants: Participants): Set<string> {
  return new Set([...participants.speakers, participants.clientName ?? ""].flatMap((name) => contentTerms(name)));
}

/** The items found so far: at most MAX_ACTION_ITEMS, one per task and person. */
class ItemList {
  private found: FoundItem[] = [];
  private acceptances: Acceptance[] = [];

  constructor(private readonly nameTerms: ReadonlySet<string>) {}

  add(found: BodyItem, saidAt: number, fromRecap: boolean): void {
    const item = plainItem(found);
    const terms = taskTerms(item.task, this.nameTerms);
    // "Process that distribution" after "pay out the required distribution": the same person's task, said again.
    const noun = demonstrativeNoun(item.task);
    const stem = noun ? contentTerms(noun)[0] : undefined;
    const repeated = stem
      ? this.found.find((other) => samePerson(other.item.assignee, item.assignee) && other.terms.has(stem))
      : undefined;
    if (repeated) {
      if (item.dueDate && !repeated.item.dueDate) repeated.item = { ...repeated.item, dueDate: item.dueDate };
      return;
    }
    // "Could you get quotes?" answered "I'll get two quotes by June 13th": one task, the answer's wording and date;
    // a task said in the meeting and again in the recap keeps the recap's wording.
    const same = this.found.find(
      (other) =>
        samePerson(other.item.assignee, item.assignee) &&
        sharesTerms(terms, other.terms, other.fromRecap || fromRecap || saidAt - other.saidAt <= 3 ? 0.5 : 0.75),
    );
    if (!same) {
      if (this.found.length < MAX_ACTION_ITEMS) this.found.push({ item, terms, saidAt, fromRecap });
      return;
    }
    // The recap's wording wins over the body's, and a named person over "Unassigned"; the item keeps its place in
    // the list (where it was first said) and any date said for it.
    if ((fromRecap && !same.fromRecap) || (same.item.assignee === UNASSIGNED && item.assignee !== UNASSIGNED)) {
      const dueDate = item.dueDate ?? same.item.dueDate;
      Object.assign(same, { item: dueDate ? { ...item, dueDate } : item, terms, fromRecap });
    } else if (item.dueDate && !same.item.dueDate) {
      // "I'll get two quotes by June 13th" after "Could you get quotes?": the dated answer's words and date.
      if (same.fromRecap || item.assignee === UNASSIGNED) same.item = { ...same.item, dueDate: item.dueDate };
      else Object.assign(same, { item, terms, fromRecap });
    }
  }

  /**
   * The answer to a request replaces it: its words, the one who answered, its date (or the request's). False when
   * the request is not listed.
   */
  answer(request: { assignee: string; task: string }, task: string, by: BodyItem): boolean {
    const entry = this.found.find(
      (other) => other.item.task === request.task && other.item.assignee === request.assignee,
    );
    if (!entry) return false;
    const dueDate = by.dueDate ?? entry.item.dueDate;
    entry.item = dueDate ? { task, assignee: by.assignee, dueDate } : { task, assignee: by.assignee };
    entry.terms = taskTerms(task, this.nameTerms);
    return true;
  }

  /** "Sure, I'll do that tonight": dated once every item is listed (settleAcceptances). */
  dateAcceptedTask(acceptance: Acceptance): void {
    const theirs = this.found.filter((entry) => includesPerson(entry.item.assignee, acceptance.assignee));
    this.acceptances.push(theirs.length === 1 ? { ...acceptance, only: theirs[0] } : acceptance);
  }

  /**
   * The date of each acceptance goes to the task asked of that person just before, else to their task the turns
   * around it spoke of (most words in common, a tie is no answer), else to their only task listed when they said it.
   */
  settleAcceptances(): void {
    for (const acceptance of this.acceptances) {
      const theirs = this.found.filter((entry) => includesPerson(entry.item.assignee, acceptance.assignee));
      const requestTerms = acceptance.requested ? taskTerms(acceptance.requested, this.nameTerms) : null;
      const target =
        (requestTerms ? theirs.find((entry) => sharesTerms(requestTerms, entry.terms, 0.5)) : undefined) ??
        mostSpokenOf(theirs, acceptance.context) ??
        acceptance.only;
      if (target && !target.item.dueDate) target.item = { ...target.item, dueDate: acceptance.dueDate };
    }
  }

  isSettled(): boolean {
    return this.found.length === MAX_ACTION_ITEMS && this.found.every((entry) => entry.item.dueDate);
  }

  items(): ActionItem[] {
    return [...this.found].sort((a, b) => a.saidAt - b.saidAt).map((entry) => entry.item);
  }
}

/** The entry whose task shares the most words with the context (at least two, or all of a one-word task). */
function mostSpokenOf(entries: FoundItem[], context: Set<string>): FoundItem | undefined {
  let best: FoundItem | undefined;
  let bestShared = 0;
  let tie = false;
  for (const entry of entries) {
    let shared = 0;
    for (const term of entry.terms) if (context.has(term)) shared++;
    if (shared < Math.min(2, entry.terms.size) || shared === 0) continue;
    if (shared > bestShared) [best, bestShared, tie] = [entry, shared, false];
    else if (shared === bestShared) tie = true;
  }
  return tie ? undefined : best;
}

/** An item as the body reader finds it: `answers` when its "them"/"that" was filled from the request before. */
type BodyItem = ActionItem & { answers?: true };

function plainItem({ answers: _answers, ...item }: BodyItem): ActionItem {
  return item;
}

interface Context {
  participants: Participants;
  /** For each sentence, the nearest earlier speaker other than its own (null when there is none). */
  previousOther: (string | null)[];
  /** For each sentence, the last name said to someone up to it ("Peggy, …"), for transcripts without speakers. */
  lastVocative: (string | null)[];
  /** Two speakers who share a family name: who "you two" most likely is. */
  couple: string | null;
  /**
   * Per sentence index, the other speaker its text names (null for none): found once per sentence, since a long
   * sentence holds many clauses and scanning it for each would be quadratic.
   */
  namedInSentence: Map<number, string | null>;
  /** Per sentence index, who "you" is in the whole sentence. */
  addresseeOfSentence: Map<number, string | null>;
}

/** Per sentence, the last earlier speaker who is not its own: one pass, where a scan back from each was quadratic. */
function findPreviousOtherSpeakers(sentences: Sentence[]): (string | null)[] {
  const out: (string | null)[] = [];
  let last: string | null = null; // the latest named speaker
  let beforeLast: string | null = null; // the latest named speaker other than `last`
  for (const sentence of sentences) {
    out.push(last && last !== sentence.speaker ? last : beforeLast);
    if (sentence.speaker && sentence.speaker !== last) {
      beforeLast = last;
      last = sentence.speaker;
    }
  }
  return out;
}

function findLastVocatives(sentences: Sentence[]): (string | null)[] {
  const out: (string | null)[] = [];
  let last: string | null = null;
  for (const sentence of sentences) {
    const name = OPENING_VOCATIVE.exec(sentence.text)?.[1] ?? CLOSING_VOCATIVE.exec(sentence.text)?.[1];
    if (name && !NOT_A_NAME.has(name)) last = name;
    out.push(last);
  }
  return out;
}

function splitClauses(text: string): string[] {
  return text
    .split(
      /[;:]\s+|,\s+(?:and|but)\s+|,\s+(?=so\s)|(?<!\s)\s+and then\s+|,\s+(?=(?:I'll|I will|you will|you'll|please|can you|we'll)\b)/i,
    )
    .map((clause) => clause.trim())
    .filter((clause) => clause.length > 0);
}

/** The thing a request asks for ("Can you send me the term sheet?"): what a later "I'll send that" means. */
function requestedObject(text: string): string | null {
  const request =
    /\b(?:can|could|would|will) you(?: please)?(?: (?:both|two|all|also|just))?\s+(\p{L}+(?:\s+(?:me|us|him|her|them))?\s+.+)/iu.exec(
      text,
    );
  if (!request?.[1]) return null;
  const object = objectOf(request[1]);
  // A noun phrase with its determiner ("the term sheet", "your pay stub"), not a stray word.
  if (!object || hasPronounObject(request[1]) || !/^(?:the|a|an|my|your|our|his|her|their)\s/i.test(object))
    return null;
  return contentTerms(object).length > 0 ? object.replace(/^(?:your|my)\s/i, "the ") : null;
}

function matchClause(clause: string, sentence: Sentence, context: Context, lastObject: string | null): Found {
  const wish = HELPS_IF_YOU_COULD.exec(clause);
  if (wish?.[1] && wish[2]) {
    const kind: Assignee = /^you$/i.test(wish[1]) ? "addressee" : "pair";
    return buildItem(wish[2], resolveAssignee(kind, sentence, context, clause), sentence, context, lastObject);
  }
  const helped = HELPS_DO_IT.exec(clause);
  if (helped?.[1]) {
    const person =
      helped[1] === "you"
        ? findAddressee(sentence, context, clause)
        : fullName(helped[1], context.participants.speakers);
    const dueDate = context.participants.meetingDate
      ? dueDateOf(helped[2] ?? "", context.participants.meetingDate)
      : null;
    return person && dueDate ? { acceptedBy: person, dueDate } : null;
  }
  if (NOT_A_COMMITMENT.test(clause) || APOLOGY_ASIDE.test(clause) || DEFERS_TO_OTHERS.test(clause)) return null;
  if (PURPOSE.test(clause)) return null;
  // A question is a task only as a request ("Tom, can you send…?"), never as an offer or a musing.
  // The sentence's question mark is the clause's own only when the clause asks: "I'll send the draft by Friday, and
  // could you send me the schedule?" commits to the draft; "Should I send the draft, or…?" does not.
  const isQuestion = /\?\s*$/.test(clause) || (/\?\s*$/.test(sentence.text) && ASKS.test(clause));
  if (isQuestion && !REQUEST_QUESTION.test(clause)) return null;
  // "I'll have Tariq draft the letter": Tariq does it, speaking in the meeting or not.
  const delegated = DELEGATED.exec(clause);
  if (delegated?.[1] && delegated[2] && !NOT_A_NAME.has(delegated[1])) {
    return buildItem(
      delegated[2],
      fullName(delegated[1], context.participants.speakers),
      sentence,
      context,
      lastObject,
    );
  }
  const actionLead = /^action items?\s*[:-]\s*/i.exec(clause);
  const body = actionLead ? clause.slice(actionLead[0].length) : clause;
  for (const rule of RULES) {
    const match = rule.pattern.exec(body);
    const task = match?.[1] ?? match?.[2];
    if (!match || !task) continue;
    if (rule.weak && !DEADLINE.test(task)) return null;
    const assignee = resolveAssignee(rule.assignee, sentence, context, clause);
    return buildItem(task, assignee, sentence, context, lastObject);
  }
  if (isQuestion) return null;
  const named = NAMED_PERSON.exec(body);
  if (named?.[1] && named[2] && !NOT_A_NAME.has(named[1].split(" ")[0] ?? "")) {
    return buildItem(named[2], fullName(named[1], context.participants.speakers), sentence, context, lastObject);
  }
  const lets = LETS.exec(body);
  if (lets?.[1] && DEADLINE.test(lets[1])) {
    return buildItem(lets[1], resolveAssignee("speaker", sentence, context, clause), sentence, context, lastObject);
  }
  if (actionLead && contentTerms(body).length >= 2) {
    return buildItem(body, resolveAssignee("speaker", sentence, context, clause), sentence, context, lastObject);
  }
  return null;
}

function resolveWho(who: Who, sentence: Sentence, context: Context, lastPair: string | null): string {
  switch (who.kind) {
    case "speaker":
      return sentence.speaker ?? UNASSIGNED;
    case "named":
      return who.name;
    case "pair":
      // Who "you two" are, or nobody: a guess from the last speaker would give a client's task to an adviser.
      return context.couple ?? lastPair ?? UNASSIGNED;
    default:
      return findAddressee(sentence, context) ?? UNASSIGNED;
  }
}

function resolveAssignee(kind: Assignee, sentence: Sentence, context: Context, clause: string): string {
  if (kind === "speaker") return sentence.speaker ?? UNASSIGNED;
  if (kind === "pair") return resolveWho({ kind: "pair" }, sentence, context, null);
  return findAddressee(sentence, context, clause) ?? UNASSIGNED;
}

/**
 * Who "you" is: the person the clause addresses by name ("Tom, please…", "…, Tom?"), a participant named in the
 * sentence, the other one of two, the previous speaker, or (without speaker labels) the last name said to someone.
 */
function findAddressee(sentence: Sentence, context: Context, text = sentence.text): string | null {
  // Found once per sentence: a long sentence holds many clauses, and reading it whole for each was quadratic.
  if (text !== sentence.text) return addresseeIn(sentence, context, text);
  let found = context.addresseeOfSentence.get(sentence.index);
  if (found === undefined) {
    found = addresseeIn(sentence, context, text);
    context.addresseeOfSentence.set(sentence.index, found);
  }
  return found;
}

function addresseeIn(sentence: Sentence, context: Context, text: string): string | null {
  const { participants } = context;
  const vocative = VOCATIVE.exec(text)?.[1] ?? CLOSING_VOCATIVE.exec(text)?.[1];
  if (vocative && !NOT_A_NAME.has(vocative) && vocative !== firstName(sentence.speaker ?? "")) {
    return fullName(vocative, participants.speakers);
  }
  const others = participants.speakers.filter((name) => name !== sentence.speaker);
  const named =
    (text === sentence.text ? undefined : others.find((name) => mentionsName(text, name))) ??
    namedIn(sentence, context, others);
  if (named) return named;
  if (others.length === 1) return others[0] ?? null;
  const previous = context.previousOther[sentence.index] ?? null;
  if (previous) return previous;
  return participants.speakers.length === 0 ? (context.lastVocative[sentence.index] ?? null) : null;
}

/** An item, or a dated acceptance whose task is only "that" ("I'll do that tonight"), or nothing. */
type Found = BodyItem | { acceptedBy: string; dueDate: string } | null;

function namedIn(sentence: Sentence, context: Context, others: string[]): string | undefined {
  let named = context.namedInSentence.get(sentence.index);
  if (named === undefined) {
    named = others.find((name) => mentionsName(sentence.text, name)) ?? null;
    context.namedInSentence.set(sentence.index, named);
  }
  return named ?? undefined;
}

function buildItem(
  rawTask: string,
  assignee: string,
  sentence: Sentence,
  context: Context,
  lastObject: string | null = null,
): Found {
  const { participants } = context;
  let task = cleanTask(rawTask, { speaker: sentence.speaker, addressee: findAddressee(sentence, context), assignee });
  // "Send that over" answers the request before it: "Send the term sheet over"; with nothing to point at, no item,
  // but "Sure, I'll do that tonight" (a verb that stands for the task asked) dates the task asked of the speaker.
  let answers = false;
  if (lastObject && hasPronounObject(task) && !standsForAskedTask(task)) {
    task = withObject(task, lastObject);
    answers = !hasPronounObject(task);
  }
  if (hasPronounObject(task)) {
    const dueDate = participants.meetingDate ? dueDateOf(rawTask, participants.meetingDate) : null;
    return dueDate && assignee !== UNASSIGNED ? { acceptedBy: assignee, dueDate } : null;
  }
  task = withNamedThing(task, lastObject);
  if (!isTaskVerbPhrase(task)) return null;
  task = haveDelivered(task) ?? task;
  // An action item has someone who does it: a task nobody can be named for is a guess ("you two" when no two
  // people are clear, "I'm adding…" in a transcript without speaker labels), wrong on every list it reaches.
  if (assignee === UNASSIGNED) return null;
  const terms = contentTerms(task).length;
  // "do that" carries no information; a 30-word clause is a ramble, not a task.
  if (terms < 2 || task.split(" ").length > 24) return null;
  const dueDate =
    (participants.meetingDate ? dueDateOf(rawTask, participants.meetingDate) : null) ??
    (BROUGHT_TO_NEXT_MEETING.test(task) ? (participants.nextMeetingDate ?? null) : null);
  const item: BodyItem = dueDate ? { task, assignee, dueDate } : { task, assignee };
  return answers ? { ...item, answers: true } : item;
}

function sharesTerms(terms: Set<string>, otherTerms: Set<string>, threshold: number): boolean {
  let shared = 0;
  for (const term of terms) if (otherTerms.has(term)) shared++;
  const smaller = Math.min(terms.size, otherTerms.size);
  // One shared word (a name, "today") does not make two tasks one, unless a task has only one word to share.
  return shared >= Math.min(2, smaller) && shared / Math.max(1, smaller) >= threshold;
}
