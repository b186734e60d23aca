// The follow-up's parts, written from the meeting's record (the stored decisions, action items with their assignee
// and due date, next meeting, title and client) by a few sentence forms, never from spoken sentences: the thanks
// naming the subject, what we decided, what I will do, what you agreed to do, what the others in the meeting will do
// (a colleague, the client's accountant), the next meeting. Every line passes the checks (./follow-up-checks.ts) or
// stays out; an item with no assignee, or of someone who was not in the meeting, stays on the meeting page only.

import { capitalise, DETERMINERS, withoutToolTag as withoutTag } from "@cm/ai/language";
import {
  asHandled,
  clientLabel,
  isPersonName,
  meetingPurpose,
  withoutSaidDeadline,
  wordKindsLoaded,
} from "@cm/ai/local";
import type { FollowUpRecord } from "@cm/ai/openai";
import type { StoredActionItem } from "@cm/db/queries/summaries";
import {
  formatDocumentDate,
  formatNextMeetingDate,
  formatNextMeetingWhen,
  type MeetingDocument,
} from "../export/meeting-document";
import { advisorNames, assigneeRole, inAdvisorVoice, type Voice } from "./advisor-voice";
import { clientPeople, speakersOfTheClientsFamily } from "./client-people";
import { type CheckContext, checkContext, checkedLine, checkedLines, spokenWords } from "./follow-up-checks";

/** The letter between its greeting and its closing, each part already checked. */
export interface FollowUpLetter {
  /** Whom the greeting names: the client's people who were in the meeting. */
  greeting: string;
  thanks: string;
  decided: string[];
  iWillDo: string[];
  youAgreedToDo: string[];
  /** Tasks of the others who spoke in the meeting, each naming its person ("Priya Raman will send …"). */
  othersWillDo: string[];
  nextMeeting: string[];
}

export interface FollowUpMaterial {
  letter: FollowUpLetter;
  /** The same facts for a chat model to write from. */
  record: FollowUpRecord;
  context: CheckContext;
}

export const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** The text without the `marks` it ends with (by default full stops and spaces: a question keeps its mark). */
function withoutEndMarks(text: string, marks = ".… "): string {
  let end = text.length;
  while (end > 0 && marks.includes(text[end - 1]!)) end--;
  return text.slice(0, end);
}

/** Quotation marks taken out of a title: the thanks names the subject, it does not quote it. */
const TITLE_QUOTES = new Set(['"', "“", "”", "„", "«", "»", "‘", "‚", "‹", "›"]);
const withoutQuotes = (text: string) => [...text].filter((char) => !TITLE_QUOTES.has(char)).join("");

/** A speaker's own sentence ("I'll tell the roofer…"): notes say who in the third person, so it is not a fact. */
function speaksAsI(text: string): boolean {
  const words = spokenWords(text).trim().split(" ");
  return words.some((word) => word === "i" || word === "me" || word === "my");
}

/** Assignees that name no one: the item stays on the meeting page. */
const NO_ONE = new Set(["", "unassigned", "unknown", "tbd", "none", "n/a", "nobody"]);

/** One of several people the e-mail goes to, by first name, and the names an assignee may call them by. */
interface Addressee {
  first: string;
  names: Set<string>;
}

const lower = (text: string) => oneLine(text).toLowerCase();

/**
 * The people the e-mail goes to: a couple's first names, a household's people who spoke in the meeting, or the
 * several people it greets (a mother's estate planned with her two children: "Hello Joanne and Marcus").
 */
function addressees(clientName: string, speakers: string[], householdPeople: string[], greeted: string[]): Addressee[] {
  const couple = clientLabel(oneLine(clientName), speakers);
  if (couple.plural) {
    // "Ben and Alicia Marsh": Ben Marsh; "Tom Brennan and Luis Ortiz": each with their own surname.
    const parts = oneLine(clientName)
      .split(/ (?:and|&) |,/i)
      .map((part) => part.trim())
      .filter((part) => part !== "");
    const surname = parts.at(-1)?.split(" ").at(-1) ?? "";
    return parts.map((part) => {
      const first = part.split(" ")[0]!;
      const full = part.includes(" ") ? part : `${first} ${surname}`;
      return { first, names: new Set([lower(first), lower(full)]) };
    });
  }
  const household = householdPeople.filter((name) => name.includes(" "));
  const people = household.length > 0 ? household : greeted.length >= 2 ? greeted : [];
  return people.map((full) => {
    const first = full.split(" ")[0]!;
    return { first, names: new Set([lower(full), lower(withoutTag(full)), lower(first)]) };
  });
}

/**
 * One person's task, naming them: "Grace will update her 403(b) beneficiary" when the task opens with a plain word
 * that may be a verb's base form; otherwise the name after it ("IRA statement for 2025 (Chidi)", "Getting two more
 * quotes (June)", "The Roth conversion model (Priya Raman)"), which reads right whatever the task's first word is.
 */
function namedTask(person: string, task: string): string {
  const first = task.split(" ")[0] ?? "";
  const plainWord = first.length > 1 && first === first.charAt(0) + first.slice(1).toLowerCase();
  const inflected = first.toLowerCase().endsWith("ing") || first.toLowerCase().endsWith("ed");
  if (!plainWord || inflected || DETERMINERS.has(first.toLowerCase())) return `${task} (${person})`;
  return `${person} will ${task.charAt(0).toLowerCase()}${task.slice(1)}`;
}

const dueSuffix = (item: StoredActionItem) => (item.dueDate ? ` (by ${formatNextMeetingDate(item.dueDate)})` : "");

/** "Roth conversion projections, whatever Bev says about the cabin": one list, capitalised once. */
/** Words after "her" that make it the object, not a possessive: "ask her what", "send her the forms". */
const AFTER_OBJECT_HER = new Set(
  "the a an this that these those to for about with at on in by from of and or but what whether how if when why where who which tomorrow today tonight back up out over now again".split(
    " ",
  ),
);

/**
 * The owner's own "his"/"her" in a letter to that one person: "Call his urologist's office" → "Call your
 * urologist's office". Only before any other name in the task: after one ("whether Walter took his IRA"), it is
 * that person's. "Her" before a word it may be the object of ("ask her what", "send her the forms") stays.
 */
function ownPossessives(task: string): string {
  const words = task.split(" ");
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (i > 0 && /^\p{Lu}/u.test(word) && word !== "I") break;
    const lower = word.toLowerCase();
    const next = (words[i + 1] ?? "").toLowerCase();
    const possessiveHer = lower === "her" && /^\p{Ll}/u.test(words[i + 1] ?? "") && !AFTER_OBJECT_HER.has(next);
    if (lower === "his" || possessiveHer) words[i] = word === lower ? "your" : "Your";
  }
  return words.join(" ");
}

/** The items of one side, each as the sentence form writes it; items the form cannot write are left out. */
function taskLines(
  items: StoredActionItem[],
  voice: Voice,
  context: CheckContext,
  toTheirOwners: (item: StoredActionItem) => boolean = () => false,
  toOnePerson = false,
) {
  return items.flatMap((item) => {
    if (speaksAsI(item.task)) return [];
    const written = withoutEndMarks(oneLine(inAdvisorVoice(item.task, voice)));
    // "For me: the income plan": a task said as what, without the act, is its owner's to handle, as the notes say it.
    const handled = asHandled(written);
    const voiced = handled ? capitalise(handled) : written;
    // A task list writes the "your" said to the client as "their" ("Upload their pay stub"); written to the task's
    // owners, it is theirs: "Upload your pay stub". One of several addressees named keeps "their" ("Ben will change
    // the beneficiary on their policy"): "your" would be everyone's.
    const theirs = toTheirOwners(item)
      ? voiced.replace(/\b([Tt])heir\b/g, (_m, t: string) => (t === "T" ? "Your" : "your"))
      : voiced;
    const said = toOnePerson && toTheirOwners(item) ? ownPossessives(theirs) : theirs;
    // The due date is said once, at the end ("Return the form (by September 26, 2026)").
    const task = item.dueDate ? withoutSaidDeadline(said, item.dueDate) : said;
    const line = checkedLine(`${task}${dueSuffix(item)}`, context);
    return line ? [{ item, task: line }] : [];
  });
}

/** Speaker labels that name no one ("Speaker 2", "Unknown"). */
const UNNAMED_SPEAKER = /^(?:speaker|unknown|participant|guest|person)\b/i;

/**
 * The speaker an assignee names: the same full name, or the first name of one speaker only ("Priya" for Priya
 * Raman). Someone only talked about ("Harold will file the return") spoke no word the advisor can stand behind.
 */
export function speakerNamed(assignee: string | undefined, speakers: string[]): string | null {
  const who = lower(assignee ?? "");
  if (!who) return null;
  const named = speakers.filter((s) => !UNNAMED_SPEAKER.test(s.trim()));
  const full = named.find((s) => lower(s) === who || lower(withoutTag(s)) === who);
  if (full) return withoutTag(full);
  if (who.includes(" ")) return null;
  const byFirst = named.filter((s) => lower(s.split(" ")[0] ?? "") === who);
  return byFirst.length === 1 ? withoutTag(byFirst[0]!) : null;
}

/** A name as the record writes it: capitalised words of letters ("Hank", "Priya Raman"). */
const WRITTEN_NAME = /^\p{Lu}[\p{L}'’-]*(?: \p{Lu}[\p{L}'’-]*){0,2}$/u;

/**
 * The assignee when someone spoke to them by name in the meeting ("Hank, can you open the account?", "Thanks,
 * Hank."): they were in it, though no speaker label names them (a recording without labels).
 */
export function addressedInMeeting(
  assignee: string | undefined,
  transcript: readonly { text: string }[],
): string | null {
  const name = oneLine(assignee ?? "");
  if (!WRITTEN_NAME.test(name)) return null;
  return transcript.some((turn) => saidTo(turn.text, name)) ? name : null;
}

/** The text before `at` without the spaces it ends with. */
const beforeSpaces = (text: string, at: number) => {
  let end = at;
  while (end > 0 && /\s/.test(text[end - 1]!)) end--;
  return end;
};

/** True when `text` says `name` to someone: opening a sentence before a comma, or closing one after a comma. */
function saidTo(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    const after = text[at + name.length] ?? "";
    const end = beforeSpaces(text, at);
    const previous = end > 0 ? text[end - 1]! : "";
    const opens = (end === 0 || (end < at && ".!?".includes(previous))) && after === ",";
    const closes = previous === "," && ".!?".includes(after) && after !== "";
    if (opens || closes) return true;
  }
  return false;
}

/** A speaker's name words of three letters or more, lower case. */
const nameWords = (name: string) =>
  lower(name)
    .split(/[^\p{L}'’-]+/u)
    .filter((w) => w.length >= 3);

/**
 * The meeting's advisor-role speaker when the account's name is not spoken in the meeting: of the speakers outside
 * the client's name, the one who said the most. Their tasks are the advisor's ("I will…").
 */
export function meetingAdvisor(doc: MeetingDocument, speakers: string[], accountNames: string[]): string | null {
  const account = new Set(accountNames.map(lower));
  if (speakers.some((s) => account.has(lower(s)) || account.has(lower(s.split(" ")[0] ?? "")))) return null;
  const client = new Set(nameWords(doc.clientName));
  const words = new Map<string, number>();
  for (const turn of doc.transcript) {
    const speaker = turn.speaker?.trim();
    if (!speaker || nameWords(speaker).some((w) => client.has(w))) continue;
    words.set(speaker, (words.get(speaker) ?? 0) + turn.text.split(/\s+/).length);
  }
  let best: string | null = null;
  for (const [speaker, count] of words) if (best === null || count > (words.get(best) ?? 0)) best = speaker;
  return best;
}

/**
 * Whom the e-mail greets: the people of the client's name who spoke in the meeting, by first name ("Joanne and
 * Marcus" for a client named after a parent they spoke for); else the speakers of the client's family name ("Daniel
 * and Lorraine" for the estate of their father); when none of them spoke, one person's first name, else the client's
 * name.
 */
export function greetingNames(clientName: string, speakers: string[], advisor: string[]): string {
  const greeted = greetedSpeakers(clientName, speakers, advisor);
  const firsts = [...new Set(greeted.map((s) => s.split(" ")[0]!))];
  if (firsts.length === 0) {
    // Nobody of the client's spoke (a recording without speaker labels): a client filed as people is greeted by first
    // names, as a letter to them would be ("Hello Margaret,", "Hello Ben and Alicia,"), each a first name the lexicon
    // knows (the service loads it); a firm ("Hollis & Daughters Mechanical") or a trust stays whole.
    const { label, plural } = clientLabel(clientName);
    const people = label.split(/, | and /);
    const named = label !== "the client" && (!plural || (wordKindsLoaded() && people.every(isPersonName)));
    return named ? label : oneLine(clientName);
  }
  return firsts.length === 1 ? firsts[0]! : `${firsts.slice(0, -1).join(", ")} and ${firsts.at(-1)}`;
}

/** The speakers a greeting names: those the client's name names, else the family who spoke for the client. */
function greetedSpeakers(clientName: string, speakers: string[], advisor: string[]): string[] {
  const client = new Set(nameWords(clientName.replace(/[()]/g, " ")));
  const advisorSide = new Set(advisor.map(lower));
  const met = speakers.filter(
    (s) =>
      !advisorSide.has(lower(s)) &&
      /^\p{Lu}\p{Ll}{2,}/u.test(s) &&
      nameWords(s.split(" ")[0]!).some((w) => client.has(w)),
  );
  // Nobody named in the client's name spoke (an estate, a company): the family who did are the ones met.
  return met.length > 0 ? met : speakersOfTheClientsFamily(clientName, speakers, advisor);
}

/** The one speaker a greeting of one first name names, by full and first name; none when it names no one speaker. */
function greetedPerson(greeting: string, speakers: string[], advisor: string[]): string[] {
  if (greeting.includes(" ")) return [];
  const advisorSide = new Set(advisor.map(lower));
  const named = speakers.filter((s) => !advisorSide.has(lower(s)) && lower(s.split(" ")[0] ?? "") === lower(greeting));
  return named.length === 1 && named[0]!.includes(" ") ? [withoutTag(named[0]!), greeting] : [];
}

/** The letter's parts and the record behind them, for the meeting `doc` (with its transcript) and its speakers. */
export function followUpMaterial(doc: MeetingDocument, advisorName: string, speakers: string[]): FollowUpMaterial {
  const spokenAdvisor = meetingAdvisor(doc, speakers, advisorNames(advisorName));
  const advisor = [...advisorNames(advisorName), ...(spokenAdvisor ? advisorNames(spokenAdvisor) : [])];
  const context = checkContext(doc.transcript, advisor);
  const named = clientLabel(oneLine(doc.clientName), speakers);
  const household = named.label;
  const people = clientPeople(doc.clientName, speakers, advisor);
  const several = addressees(doc.clientName, speakers, people, greetedSpeakers(doc.clientName, speakers, advisor));
  const severalAddressees = several.length >= 2;
  const greeting = greetingNames(doc.clientName, speakers, advisor);
  // One of a couple met alone ("Hello Tom," for Tom Brennan and Luis Ortiz): the letter is to them, "you"; the other
  // is named.
  const greetedOne = severalAddressees ? several.find((one) => one.first === greeting) : undefined;
  const voice: Voice = {
    advisor,
    client: [oneLine(doc.clientName), ...(household !== "the client" ? [household] : [])],
    // In a letter to several people, one of them is named, not "you": "you" would be all of them. In a letter to one
    // person met for a trust or a company ("Hello Hugh,"), that person is "you" ("Mara will send you the figures").
    people: greetedOne
      ? [...greetedOne.names]
      : severalAddressees
        ? []
        : [...people, ...greetedPerson(greeting, speakers, advisor)],
  };
  const day = formatDocumentDate(doc.date);
  // The subject is named, not asked: a title "Sell the house?" is the meeting "about Sell the house".
  const subject = withoutEndMarks(oneLine(withoutQuotes(doc.title)), ".!?… ");
  const thanks =
    checkedLine(`Thank you for meeting with me on ${day}${subject ? ` about ${subject}` : ""}.`, context) ??
    `Thank you for meeting with me on ${day}.`;
  const decided = checkedLines(
    doc.decisions
      .filter((text) => !speaksAsI(text))
      .map((text) => withoutEndMarks(oneLine(inAdvisorVoice(text, voice)))),
    context,
  );
  const assigned = doc.actionItems.filter((item) => !NO_ONE.has(lower(item.assignee ?? "")));
  const role = (item: StoredActionItem) => assigneeRole(item.assignee, voice);
  const mine = taskLines(
    assigned.filter((item) => role(item) === "advisor"),
    voice,
    context,
  );
  const addresseeOf = (item: StoredActionItem) => {
    const one = severalAddressees ? several.find((it) => it.names.has(lower(item.assignee ?? ""))) : undefined;
    return one === greetedOne ? undefined : one;
  };
  const yours = taskLines(
    assigned.filter((item) => role(item) === "client"),
    voice,
    context,
    (item) => addresseeOf(item) === undefined,
    greetedOne !== undefined || (!severalAddressees && !named.plural),
  ).map(({ item, task }) => ({ task, person: addresseeOf(item)?.first }));
  // A colleague's or the client's accountant's task, when they were in the meeting: the client hears who does it.
  // Who each was, read once: the transcript is walked per assignee.
  const present = new Map(
    assigned
      .filter((item) => role(item) === "other")
      .map((item) => [
        item,
        speakerNamed(item.assignee, speakers) ?? addressedInMeeting(item.assignee, doc.transcript),
      ]),
  );
  const theirs = taskLines(
    assigned.filter((item) => present.get(item)),
    voice,
    context,
  ).map(({ item, task }) => ({ task, person: present.get(item)! }));
  const next = doc.nextMeeting;
  const when = next?.date ? oneLine(formatNextMeetingWhen({ ...next, date: next.date })) : null;
  const said = checkedLines(
    (next?.topics ?? []).map((topic) => withoutEndMarks(oneLine(topic))),
    context,
  );
  // Said as the notes say it: "… on June 2, 2026 at 14:30 to cover the fees", "…, a check-in call to cover the fees".
  const purpose = meetingPurpose(said, said.length);
  const kindOnly = purpose.startsWith("a ");
  const nextMeeting = checkedLines(
    when
      ? [`We plan to meet again on ${when}${purpose ? `${kindOnly ? "," : ""} ${purpose}` : ""}.`]
      : purpose
        ? [kindOnly ? `Our next meeting will be ${purpose}.` : `At our next meeting, we plan ${purpose}.`]
        : [],
    context,
  );
  const letter: FollowUpLetter = {
    greeting,
    thanks,
    decided,
    iWillDo: mine.map(({ task }) => task),
    youAgreedToDo: yours.map(({ task, person }) => (person ? namedTask(person, task) : task)),
    othersWillDo: theirs.map(({ task, person }) => namedTask(person, task)),
    nextMeeting,
  };
  const record: FollowUpRecord = {
    advisorName,
    clientName: oneLine(doc.clientName),
    severalAddressees,
    meetingDay: day,
    subject,
    decisions: decided,
    advisorTasks: letter.iWillDo,
    clientTasks: yours.map(({ task, person }) => (person ? { task, person } : { task })),
    otherTasks: theirs,
    nextMeetingWhen: when,
    nextMeetingTopics: said,
  };
  return { letter, record, context };
}
