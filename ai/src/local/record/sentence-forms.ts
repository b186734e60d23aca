// The sentence forms the notes are written by, one small set per kind of fact (the table with examples:
// docs/notes-engine.md, "Sentence forms"). Nothing spoken is copied: a form takes the fact's fields (subject, value,
// period, the figure it replaced, whose, who, when) and writes one sentence.

import { format, isValid, parseISO } from "date-fns";
import { alternation, lexiconRegExp, MONTHS, WEEKDAYS } from "../../language";
import { capitalise, uncapitalise } from "../../language/sentences";
import type { ActionItem, NextMeeting } from "../../types";
import { withoutSaidDeadline } from "../action-items/due-date";
import { measuredKind } from "./measured-things.rules";
import { isCommonWord, isPersonName, isVerbBase, opensNounPhrase, pronounOfName, wordKindsLoaded } from "./word-kinds";

export interface FigureFields {
  subject: string;
  display: string;
  measure: string | null;
  period?: string;
  was?: string;
  whose?: string;
  /** "under", "up to": the figure is a bound, said before it ("Roof: under $15,000."). */
  bound?: string;
  /** What an amount is for each of: "Bequest: $120,000 each.", "Price: $8,250 per vest." */
  each?: string;
}

// Only a word that is capitalised for opening a sentence is lowered: a name or "Roth" keeps its capital, and so does
// a name of the meeting the lexicon takes for a common word ("Ray keeps the building").
export const lowerFirst = (text: string, isName: (word: string) => boolean = () => false) => {
  const first = /^\p{L}+/u.exec(text)?.[0] ?? "";
  return !isName(first) &&
    (/^(?:The|A|An|No|Not|Keep|Against|Get|Send|Set|Sell|Stay|Move|Open|File|Wait)\b/.test(text) || isCommonWord(first))
    ? uncapitalise(text)
    : text;
};
/** The text without the marks it ends with ("Keep it." → "Keep it"); a walk from the end, linear. */
export function withoutEndMarks(text: string, marks = ".!?;:,"): string {
  let end = text.trimEnd().length;
  while (end > 0 && marks.includes(text.charAt(end - 1))) end--;
  return text.slice(0, end).trim();
}

const BARE_VALUE = /^(?:worth|value)$/i;
/** A subject that is the measure's own noun ("listing price", "appraisal"). */
const NAMES_A_MEASURE = /\b(?:price|appraisal|valuation|value|sale|offer|proceeds)$/i;
/** A subject that is itself a bound ("maximum", "cap", "limit"). */
const NAMES_A_LIMIT = /\b(?:maximum|minimum|cap|limit|ceiling|threshold)$/i;
/** Things a debt is owed on, said as the figure's subject. */
const OWED_ON = /\b(?:house|home|condo|cabin|property|land|farm|building|duplex|car|truck|boat)$/i;

/** The subject after its owner: a common word capitalised for opening its sentence is lowered ("Long-term care"). */
const afterOwner = (subject: string) =>
  isCommonWord(subject.split(/[\s-]/)[0] ?? "") ? uncapitalise(subject) : subject;

/** What can be bought: a home, land or a vehicle, a holding, or a thing the measured words do not name ("practice"). */
const BOUGHT_KINDS = new Set(["property", "held", "thing"]);

/** "the condo", or "Grace's condo" when whose is known. */
function named(fields: FigureFields): string {
  return fields.whose ? `${fields.whose} ${afterOwner(fields.subject)}` : `the ${fields.subject}`;
}

/** "Paycheck: $900 per paycheck": the thing the amount is each of is the subject itself, said once. */
const eachOfItself = (fields: FigureFields) =>
  fields.each?.startsWith("per ") === true &&
  (fields.subject.split(" ").at(-1) ?? "").toLowerCase().replace(/s$/, "") === fields.each.slice(4).replace(/s$/, "");

/** A figure fact as a sentence, and the form used; null when the fact names nothing it measures. */
export function writeFigure(fields: FigureFields): { form: string; text: string } | null {
  // "Worth: $410,000" says nothing of what is worth it: not written.
  if (!fields.subject || BARE_VALUE.test(fields.subject)) return null;
  const per = fields.period ? ` a ${fields.period}` : fields.each && !eachOfItself(fields) ? ` ${fields.each}` : "";
  const was = fields.was ? ` (was ${fields.was})` : "";
  // "Listing price: $499,900.", not "The listing price is listed at …": a subject that names the measure is its label.
  const measure = NAMES_A_MEASURE.test(fields.subject) ? null : fields.measure;
  switch (measure) {
    case "appraisal":
      return { form: "appraisal", text: `${capitalise(named(fields))} was appraised at ${fields.display}${was}.` };
    case "valuation":
      return { form: "valuation", text: `${capitalise(named(fields))} was valued at ${fields.display}${was}.` };
    case "sale":
      return { form: "sale", text: `${capitalise(named(fields))} sold for ${fields.display}${was}.` };
    case "listing":
      return { form: "listing", text: `${capitalise(named(fields))} is listed at ${fields.display}${was}.` };
    case "balance":
      // "We owe about ninety thousand on it": what is owed on a home is no value of the home.
      if (OWED_ON.test(fields.subject))
        return { form: "owed-on", text: `Owed on ${named(fields)}: ${fields.display}${per}${was}.` };
      break;
    case "count":
      // "14 employees.", "3,000 ISOs.": a count reads as said.
      return { form: "count", text: `${fields.display} ${fields.subject}.` };
    case "purchase":
      // "Cottage: bought for $160,000."; "Purchase price: …" when what was named cannot be bought ("pay").
      return BOUGHT_KINDS.has(measuredKind(fields.subject.split(" ").at(-1) ?? "") ?? "thing")
        ? {
            form: "purchase",
            text: `${capitalise(named(fields).replace(/^the /, ""))}: bought for ${fields.display}${was}.`,
          }
        : { form: "purchase", text: `Purchase price: ${fields.display}${was}.` };
    case "worth":
      return {
        form: "worth",
        text: `${capitalise(named(fields).replace(/^the /, ""))}: worth ${fields.display}${per}${was}.`,
      };
  }
  const owned = fields.whose ? `${fields.whose} ${afterOwner(fields.subject)}` : fields.subject;
  // A year dates the thing: "Wills dated 2009."
  if (/^(?:19|20)\d\d$/.test(fields.display))
    return { form: "dated", text: `${capitalise(owned)} dated ${fields.display}.` };
  // A bound a limit's name already says is not said twice ("Maximum: $10,000 a month", not "…up to $10,000").
  const bound = fields.bound && !NAMES_A_LIMIT.test(fields.subject) ? `${fields.bound} ` : "";
  return {
    form: "figure",
    text: `${capitalise(owned)}: ${bound}${fields.display}${per}${was}.`,
  };
}

export const DECIDED = "Decided: ";
export const writeDecision = (choice: string, isName?: (word: string) => boolean) =>
  `${DECIDED}${lowerFirst(withoutEndMarks(choice), isName)}.`;

/** "Successor trustee: Dana.", "Co-trustees: Sam and Kit." */
export const writeRole = (role: string, who: string) => `${capitalise(role)}: ${who}.`;

export const writeOpenQuestion = (topic: string, isName?: (word: string) => boolean) =>
  `Still open: ${lowerFirst(withoutEndMarks(topic), isName)}.`;

const NO_ONE = /^(?:|unassigned|unknown|none)$/i;
/** True when the assignee names someone ("Unassigned" does not). */
export const namesOwner = (assignee: string | undefined) => !NO_ONE.test((assignee ?? "").trim());

/**
 * "yyyy-MM-dd" → "Tuesday, March 10", with its year where it is not the meeting's ("Tuesday, March 16, 2027" said
 * in May 2026); anything else as given.
 */
export function spokenDay(date: string, meetingDay?: Date): string {
  const day = parseISO(date);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !isValid(day)) return date;
  const otherYear = meetingDay !== undefined && day.getFullYear() !== meetingDay.getFullYear();
  return format(day, otherYear ? "EEEE, MMMM d, yyyy" : "EEEE, MMMM d");
}

// A speaker's own words inside a task ("once I see the pay stub", "send you the form"): the notes speak of people
// by name, so such a part is cut where its clause starts, or the task is not written. Read word by word: linear.
const PERSONAL = new Set("i i'm i'll i've i'd me my you your you're you'll we we're we'll our us".split(" "));
const CLAUSE_WORDS = new Set("once when after before if so because since until unless".split(" "));
const bareWord = (word: string) =>
  word
    .toLowerCase()
    .replace(/’/g, "'")
    .replace(/[^\p{L}']/gu, "");

/** The task without a clause in a speaker's own words; null when the task itself is said so. */
export function withoutSpeakersWords(task: string): string | null {
  const words = task.split(" ").filter(Boolean);
  let clauseStart = -1;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (PERSONAL.has(bareWord(word))) {
      const kept = words.slice(0, clauseStart).join(" ").replace(/,$/, "");
      return clauseStart >= 2 ? kept : null;
    }
    if (CLAUSE_WORDS.has(bareWord(word))) clauseStart = i;
    else if (word.endsWith(",")) clauseStart = i + 1;
  }
  return task;
}

/**
 * "Dana will send the forms (by Tuesday, March 3)."; a task with no owner as the task alone; null when the task is
 * in a speaker's own words ("send me the statements").
 */
export function writeCommitment(
  item: Pick<ActionItem, "task" | "assignee" | "dueDate">,
  meetingDay?: Date,
): string | null {
  const said = withoutSpeakersWords(withoutEndMarks(item.task));
  if (said === null) return null;
  // The due date is said once, at the end: "Return the form by the 26th" → "Return the form (by Saturday, September 26)".
  const task = item.dueDate ? withoutSaidDeadline(said, item.dueDate) : said;
  const due = item.dueDate ? ` (by ${spokenDay(item.dueDate, meetingDay)})` : "";
  if (NO_ONE.test(item.assignee.trim())) return `${capitalise(task)}${due}.`;
  const who = item.assignee.trim();
  return `${who} will ${ownPronoun(asHandled(task) ?? lowerFirstWord(task), who)}${due}.`;
}

/**
 * "Ruth Alvarez will ask Ruth's brother" → "… ask her brother": after the owner's name, their own "'s" is "her" or
 * "his" when the name says which, and no other name comes before it ("send Ruth Dana's draft" stays: "her" would be
 * Ruth's).
 */
function ownPronoun(task: string, who: string): string {
  const first = who.split(" ")[0] ?? "";
  const pronoun = who.includes(" and ") ? null : pronounOfName(first);
  if (!pronoun) return task;
  const words = task.split(" ");
  const at = words.indexOf(`${first}'s`);
  if (at < 0 || words.slice(1, at).some((word) => /^\p{Lu}/u.test(word))) return task;
  words[at] = pronoun === "she" ? "her" : "his";
  return words.join(" ");
}

/** The task's first word lowered, unless it is a name ("Send" → "send"; "Northfield's" stays). */
const lowerFirstWord = (task: string) => (/^(?:\p{Lu}\p{Ll}+|A)\b(?!['’])/u.test(task) ? uncapitalise(task) : task);

/**
 * A task said as what, without the act ("For me: the income plan"), as its owner's to handle: "handle the income
 * plan", not "will the income plan". Null for a task that says its act.
 */
export function asHandled(task: string): string | null {
  const lowered = lowerFirstWord(task);
  return opensNounPhrase(lowered.split(" ")[0] ?? "") ? `handle ${lowered}` : null;
}

/**
 * "Next meeting: Tuesday, March 10 at 14:00, to cover the quotes and the trust." (an act: "…, to sign the deed"; a
 * kind of meeting: "…, a check-in call to cover the term sheet."); null without day or topics. A topic in a
 * speaker's own words ("practice what you'll say") is left out.
 */
export function writeNextMeeting(next: NextMeeting, meetingDay?: Date): string | null {
  const purpose = meetingPurpose(next.topics);
  if (!next.date && !purpose) return null;
  const when = next.date
    ? `${spokenDay(next.date, meetingDay)}${next.time ? ` at ${next.time}` : ""}`
    : "date to be set";
  return `Next meeting: ${when}${purpose ? `, ${purpose}` : ""}.`;
}

/** Topics the summary's "Next meeting:" line says at most: a line read at a glance. */
const TOPICS_IN_NOTES = 3;

/**
 * What a meeting is for, from its topics as said: "to cover the quotes and the trust", "to sign the deed", "a
 * check-in call to cover the term sheet"; "" with none. A one-word topic is a thing ("the draft"), never an order
 * ("Draft"); a topic in a speaker's own words ("practice what you'll say") is left out. The notes say at most three
 * topics (`most`); the follow-up e-mail says every one the advisor kept.
 */
export function meetingPurpose(topics: readonly string[], most = TOPICS_IN_NOTES): string {
  const said = topics.map((t) => withoutSpeakersWords(withoutEndMarks(t))).flatMap((t) => (t ? [lowerTopic(t)] : []));
  // "a check-in call" says what kind of meeting it is, not what it covers.
  const kind = said.find(namesMeetingKind);
  const chosen = said.filter((t) => t !== kind).slice(0, most);
  const acts = chosen.filter(isAct);
  const things = chosen.filter((t) => !acts.includes(t));
  const about = [
    ...(things.length ? [`to cover ${listed(things.map(withArticle))}`] : []),
    ...(acts.length ? [`to ${listed(acts)}`] : []),
  ].join(", and ");
  return kind ? `a ${kind.toLowerCase()}${about ? ` ${about}` : ""}` : about;
}

const MEETING_KIND =
  /^(?:(?:quick|short|brief)\s+)?(?:(?:check-in|catch-up|phone|video|zoom|follow-up)\s+(?:call|meeting)|check-in|catch-up|call)$/i;
/** True when a next meeting's topic names the kind of meeting ("check-in call", "quick call"), not what it covers. */
export const namesMeetingKind = (topic: string): boolean => MEETING_KIND.test(topic.trim());

// "sign the trust", "start shaping", "finalize anything left": a verb the lexicon may not know opens an act when
// an article, a possessive, a pronoun or an -ing form follows it.
const OBJECT_LEAD =
  /^(?:the|a|an|any|anything|everything|whatever|what|his|her|their|its|this|that|these|those|\w+ing)$/i;
const isAct = (topic: string) => {
  const [first = "", second = ""] = topic.split(" ");
  // One word is a thing ("plan", "draft", "signing"), never an act without its object.
  if (/ing$/i.test(first) || !second) return false;
  return isVerbBase(first) || (!/^\p{Lu}/u.test(first) && OBJECT_LEAD.test(second));
};

/** "plan" → "the plan", "check-in call" → "the check-in call": a thing named in lower case, not yet determined. */
const DETERMINED =
  /^(?:the|a|an|any|all|his|her|their|our|your|its|this|that|these|those|each|every|some|whatever|what|whichever|how|anything|everything|something)\s/i;
// "updating the wills" is an act said as a noun: it takes none.
const GERUND_WITH_OBJECT = /^\p{Ll}+ing\s/u;
// "TRA estimate", "529 plan", "June review": an abbreviation, a number or a day's name before a common thing takes
// "the" as the thing does.
const QUALIFIED_THING = lexiconRegExp(
  `^(?:\\p{Lu}{2,}|\\d[\\p{L}\\d()]*|(?:${alternation([...MONTHS, ...WEEKDAYS].map(capitalise))}))\\s+\\p{Ll}`,
  "u",
);
const withArticle = (topic: string) =>
  (/^\p{Ll}/u.test(topic) || QUALIFIED_THING.test(topic)) && !DETERMINED.test(topic) && !GERUND_WITH_OBJECT.test(topic)
    ? `the ${topic}`
    : topic;

/** "a, b and c". */
export function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

const DAY_NAMES = new Set([...MONTHS, ...WEEKDAYS]);

/** "Review the quotes" → "review the quotes" inside a sentence; a name or an abbreviation ("IRA") keeps its capitals. */
export function lowerTopic(topic: string): string {
  // Without the lexicon a name cannot be told from a word: the topic keeps its capitals.
  if (!wordKindsLoaded()) return topic;
  const first = topic.split(" ")[0] ?? "";
  // A month's or a day's name keeps its capital ("June review"), as a person's does.
  if (DAY_NAMES.has(first.toLowerCase())) return topic;
  // "Check-in call" too: a hyphenated word is lowered by its first part.
  return /^\p{Lu}\p{Ll}+(?:-\p{Ll}+)*$/u.test(first) && !isPersonName(first.split("-")[0]!)
    ? uncapitalise(topic)
    : topic;
}
