// The list of action items as it is found: at most MAX_ACTION_ITEMS, one per task and person; a task said again
// merges into the first saying (a recap's wording wins); "I'll do that tonight" dates the task it accepts.

import { PERIOD_WORDS, RELATIVE_DAYS, WEEKDAYS } from "../../language";
import { contentTerms } from "../../language/tokens";
import type { ActionItem } from "../../types";
import { type Participants, UNASSIGNED } from "./addressee";
import { BARE_THING, demonstrativeNoun } from "./task-text";

export const MAX_ACTION_ITEMS = 8;
/** Words of a timeframe: an answer that adds only these to a request adds no thing ("I'll order two more tonight"). */
const TIME_TERMS: ReadonlySet<string> = new Set(
  [
    ...RELATIVE_DAYS,
    ...WEEKDAYS,
    ...PERIOD_WORDS,
    ..."weekend morning afternoon evening next end soon later first".split(" "),
  ].flatMap((word) => contentTerms(word)),
);

/** Whether the person is the assignee or one of a pair ("Grace Nwosu" in "Grace Nwosu and Chidi Nwosu"). */
export function includesPerson(assignee: string, person: string): boolean {
  return assignee === person || assignee.split(" and ").includes(person);
}

/** A dated "I'll do that tonight", resolved once every item is listed. */
export interface Acceptance {
  assignee: string;
  dueDate: string;
  /** The task asked of this person just before, when there was one. */
  requested: string | null;
  /** The words of the turns around it. */
  context: Set<string>;
  /** Their only task listed when they said it, for when nothing else tells which one was meant. */
  only?: FoundItem;
}

/** How a task was said: what its confidence is read from (features.ts). */
export interface Cue {
  act: "commit" | "request" | "advice" | "delegate" | "recap";
  /** The id of the rule that read it ("commit-i-will", "named-will", "recap"…). */
  rule: string;
  /** A weak act ("I can…", "you should…", "we need to…"): the rule's weight below 1. */
  weak: boolean;
  /** Its "it"/"that" was filled with a thing named in an earlier sentence. */
  filled?: boolean;
  /** Said in a turn that names a day or a time: while arranging when to meet ("Eleven's fine, I'll take a long lunch"). */
  scheduling?: boolean;
  /** The clause as said, and who said it. */
  clause: string;
  speaker: string | null;
}

export interface FoundItem {
  item: ActionItem;
  /** The task's content terms, computed once. */
  terms: Set<string>;
  /** Index of the sentence that said it. */
  saidAt: number;
  fromRecap: boolean;
  cue: Cue;
  /** How many times the task was said (merged repeats count). */
  said: number;
  /** Whether someone accepted it in reply ("Sure", "I'll send them by Friday"). */
  accepted: boolean;
}

// Verbs most tasks share: "send the invite" and "send the upload link" are two tasks, not one said twice.
const COMMON_TASK_VERBS = new Set(
  "send email call get make do take give have put set run start bring forward text mail pass share".split(" "),
);

/** The same person, or one side does not know who: "Unassigned" merges into a named repeat of the task. */
function samePerson(a: string, b: string): boolean {
  return a === b || a === UNASSIGNED || b === UNASSIGNED;
}

export function taskTerms(task: string, nameTerms: ReadonlySet<string> = new Set()): Set<string> {
  return new Set(contentTerms(task).filter((term) => !COMMON_TASK_VERBS.has(term) && !nameTerms.has(term)));
}

/**
 * The words of the people in the meeting: "Send Omar the rollover forms" and "Send Omar the beneficiary form" are
 * two tasks, so whom a task is for does not make two tasks one; the thing done does.
 */
export function peopleTerms(participants: Participants): Set<string> {
  return new Set([...participants.speakers, participants.clientName ?? ""].flatMap((name) => contentTerms(name)));
}

/** The items found so far: at most MAX_ACTION_ITEMS, one per task and person. */
export class ItemList {
  private found: FoundItem[] = [];
  private acceptances: Acceptance[] = [];

  constructor(
    private readonly nameTerms: ReadonlySet<string>,
    /** How many distinct tasks are kept: every candidate is weighed before the sure ones are chosen. */
    private readonly cap = Number.POSITIVE_INFINITY,
  ) {}

  /**
   * Adds a task, or merges it into the one it repeats. With `wordingOnly` (the body, under a recap that is the list)
   * it only gives its verb to a recap item listed as a thing alone ("For me: the income plan, year by year" after
   * "I'm going to build the income plan, year by year"), and is dropped otherwise.
   */
  add(found: BodyItem, saidAt: number, fromRecap: boolean, cue: Cue, wordingOnly = false): void {
    const item = plainItem(found);
    const terms = taskTerms(item.task, this.nameTerms);
    if (wordingOnly) {
      this.giveVerbToThing(item, terms);
      return;
    }
    // "Process that distribution" after "pay out the required distribution": the same person's task, said again.
    const noun = demonstrativeNoun(item.task);
    const stem = noun ? contentTerms(noun)[0] : undefined;
    const repeated = stem
      ? this.found.find((other) => samePerson(other.item.assignee, item.assignee) && other.terms.has(stem))
      : undefined;
    if (repeated) {
      repeated.said++;
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
      if (this.found.length < this.cap)
        this.found.push({ item, terms, saidAt, fromRecap, cue, said: 1, accepted: false });
      return;
    }
    same.said++;
    if (same.fromRecap && !fromRecap && BARE_THING.test(same.item.task) && !BARE_THING.test(item.task)) {
      this.takeWording(same, item, terms);
      return;
    }
    // The recap's wording wins over the body's, and a named person over "Unassigned"; the item keeps its place in
    // the list (where it was first said) and any date said for it.
    if ((fromRecap && !same.fromRecap) || (same.item.assignee === UNASSIGNED && item.assignee !== UNASSIGNED)) {
      const dueDate = item.dueDate ?? same.item.dueDate;
      Object.assign(same, {
        item: dueDate ? { ...item, dueDate } : item,
        terms,
        fromRecap,
        cue: fromRecap ? cue : same.cue,
      });
    } else if (item.dueDate && !same.item.dueDate) {
      // "I'll get two quotes by June 13th" after "Could you get quotes?": the dated answer's words and date.
      if (same.fromRecap || item.assignee === UNASSIGNED) same.item = { ...same.item, dueDate: item.dueDate };
      else Object.assign(same, { item, terms, fromRecap });
    }
  }

  private giveVerbToThing(item: ActionItem, terms: Set<string>): void {
    if (BARE_THING.test(item.task)) return;
    const thing = this.found.find(
      (other) =>
        other.fromRecap &&
        BARE_THING.test(other.item.task) &&
        samePerson(other.item.assignee, item.assignee) &&
        sharesTerms(terms, other.terms, 0.5),
    );
    if (!thing) return;
    thing.said++;
    this.takeWording(thing, item, terms);
  }

  /** The body's words for a recap item listed as a thing alone: the recap's person and any date stay. */
  private takeWording(entry: FoundItem, item: ActionItem, terms: Set<string>): void {
    const dueDate = entry.item.dueDate ?? item.dueDate;
    const words = {
      task: item.task,
      assignee: entry.item.assignee === UNASSIGNED ? item.assignee : entry.item.assignee,
    };
    entry.item = dueDate ? { ...words, dueDate } : words;
    entry.terms = terms;
  }

  /**
   * The answer to a request settles it: the one who answered does it, by the answer's date (or the request's). The
   * request's words stay (the task description is the request's) unless the answer names more of the thing.
   * False when the request is not listed.
   */
  answer(request: { assignee: string; task: string }, task: string, by: BodyItem): boolean {
    const entry = this.found.find(
      (other) => other.item.task === request.task && other.item.assignee === request.assignee,
    );
    if (!entry) return false;
    const dueDate = by.dueDate ?? entry.item.dueDate;
    // Without speaker labels the answer's "I" is nobody known: the one asked keeps it.
    const assignee =
      by.assignee === UNASSIGNED || includesPerson(entry.item.assignee, by.assignee)
        ? entry.item.assignee
        : by.assignee;
    const answerTerms = taskTerms(task, this.nameTerms);
    const addsToRequest = [...answerTerms].some((term) => !entry.terms.has(term) && !TIME_TERMS.has(term));
    const words = addsToRequest ? task : entry.item.task;
    entry.item = dueDate ? { task: words, assignee, dueDate } : { task: words, assignee };
    entry.terms = taskTerms(words, this.nameTerms);
    entry.accepted = true;
    return true;
  }

  /** "Sure, it's in my inbox" after "Naomi, could you send…": the one who accepted owns the request. */
  accept(request: { assignee: string; task: string }, by: string): void {
    const entry = this.found.find(
      (other) => other.item.task === request.task && other.item.assignee === request.assignee,
    );
    // One of the two asked ("you two") accepting leaves the task with both.
    if (entry) entry.accepted = true;
    if (entry && !entry.fromRecap && !includesPerson(entry.item.assignee, by))
      entry.item = { ...entry.item, assignee: by };
  }

  /** "I can't get into that account": the request turned down leaves the list (a recap's item stays). */
  withdraw(request: { assignee: string; task: string }): void {
    const at = this.found.findIndex(
      (other) => !other.fromRecap && other.item.task === request.task && other.item.assignee === request.assignee,
    );
    if (at >= 0) this.found.splice(at, 1);
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
    return this.found.length === this.cap && this.found.every((entry) => entry.item.dueDate);
  }

  /** Every task found, in the order said. */
  entries(): FoundItem[] {
    return [...this.found].sort((a, b) => a.saidAt - b.saidAt);
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
export type BodyItem = ActionItem & { answers?: true };

function plainItem({ answers: _answers, ...item }: BodyItem): ActionItem {
  return item;
}

export function sharesTerms(terms: Set<string>, otherTerms: Set<string>, threshold: number): boolean {
  let shared = 0;
  for (const term of terms) if (otherTerms.has(term)) shared++;
  const smaller = Math.min(terms.size, otherTerms.size);
  // One shared word (a name, "today") does not make two tasks one, unless a task has only one word to share.
  return shared >= Math.min(2, smaller) && shared / Math.max(1, smaller) >= threshold;
}
