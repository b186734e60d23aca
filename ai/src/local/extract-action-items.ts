// Rule-based action items: only real commitments and requests. "I will…", "I'll…", "Kevin will…", "Tom, please…",
// "can you send…", "we'll…" and "let's… by Friday"; the assignee is who committed (the speaker of "I will"), who was
// named, or who was asked (the person addressed by name, else the other party); a due date where one is said.
// Negations ("I will never…", "I won't"), musings ("we'll see", "I'll think about it"), conditions and questions that
// are not requests are not commitments.

import type { ActionItem } from "../types";
import { resolveDatePhrase } from "./resolve-date";
import type { Sentence } from "./split-sentences";
import { contentTerms } from "./text-tokens";

const MAX_ACTION_ITEMS = 8;
/** Who is assigned when the transcript names nobody who could be (no speaker labels, nobody addressed). */
export const UNASSIGNED = "Unassigned";

type Assignee = "speaker" | "addressee" | "named";

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
      /\b(?:can|could|would|will) you(?: please)?(?: be able to)?\s+(?!be\b|see\b|hear\b|believe\b|imagine\b|like\b|mind\b|repeat\b|explain\b|tell me\b|say\b|remind me what\b)(.+)/i,
    assignee: "addressee",
  },
  {
    pattern:
      /^(?:so |and |but |then |ok(?:ay)?,? |also,? |yes,? )*please\s+(?!note\b|bear\b|don't hesitate\b|go on\b|continue\b)(.+)/i,
    assignee: "addressee",
  },
  { pattern: /\byou(?:'ll| will)? (?:need to|have to|must)\s+(.+)/i, assignee: "addressee" },
  { pattern: /\byou should\s+(.+)/i, assignee: "addressee", weak: true },
  { pattern: /\bI(?:'d| would)? (?:suggest|recommend|advise)(?: that)? you\s+(.+)/i, assignee: "addressee" },
  {
    pattern:
      /\bI(?:'ll| will| shall|'m going to| am going to|'m gonna)\s+(?!be\b|have a\b|think\b|see\b|just say\b|say\b|tell you what\b|admit\b|bet\b|try and see\b|probably not\b|never\b|not\b)(.+)/i,
    assignee: "speaker",
  },
  {
    pattern: /\bI(?: can| need to| have to| should)\s+(?!be\b|see\b|think\b|tell\b|say\b|imagine\b)(.+)/i,
    assignee: "speaker",
    weak: true,
  },
  {
    pattern:
      /\bwe(?:'ll| will|'re going to| are going to)\s+(?!be\b|see\b|have to see\b|talk\b|never\b|not\b|probably\b|need\b|have\b)(.+)/i,
    assignee: "speaker",
  },
  { pattern: /\bwe(?: need to| have to| must| should)\s+(.+)/i, assignee: "speaker", weak: true },
];

// "let's ..." only counts with a deadline; "let's start with performance" is not a task.
const LETS = /\blet(?:'s| us)\s+(?!see\b|say\b|talk\b|think\b|hope\b)(.+)/i;
const DEADLINE =
  /\b(by|before|on time|until|this (?:week|month|afternoon|evening)|next (?:week|month)|tomorrow|today|tonight|end of|on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b/i;
const NAMED_PERSON =
  /\b(\p{Lu}\p{Ll}+(?: \p{Lu}\p{Ll}+)?)(?: will|'ll| is going to| needs to| has to| has agreed to| agreed to)\s+(?!be\b|see\b|probably\b|never\b|not\b)(.+)/u;
// "Tom, please send…", "Tom, can you…": the person addressed opens the clause.
const VOCATIVE =
  /^(?:so,? |and,? |okay,? )?(\p{Lu}\p{Ll}+),\s+(?=please\b|can you\b|could you\b|would you\b|will you\b|you'll need\b|you need\b)/iu;
// "…, Tom?" or "…, Tom." closing a request.
const CLOSING_VOCATIVE = /,\s+(\p{Lu}\p{Ll}+)[.!?]*$/u;
const NOT_A_NAME = new Set(
  "There It That This We You I They He She Which What Who Everything Nothing Something Someone Today Tomorrow And But So Then Also If When That's Yes No Okay Ok Well Now Please Thanks Sure Great Perfect Right Maybe Everyone Anyone Somebody Nobody Everybody".split(
    " ",
  ),
);
const MEETING_TALK =
  /\b(meet again|next meeting|follow[- ]up (?:meeting|call)|schedule (?:a|another|our) |reconvene|talk again|speak again)\b/i;
// Conditions, open questions, refusals, hypotheticals and reports of the past are not commitments.
const NOT_A_COMMITMENT =
  /^(?:if|when|unless|whether|once)\b|\bwhether\b|\bwonder\b|\b(?:won't|will not|wouldn't|can't|cannot|couldn't|never|don't|didn't|doesn't|shouldn't)\b|\b(?:we'll|we will|I'll|I will) (?:see|have to see)\b|\bmaybe\b|\bperhaps\b|\bnot sure\b|\bunsure\b|\bdoubt\b|\bI (?:said|told|thought) I(?:'d| would)\b/i;
const REQUEST_QUESTION = /^(?:(?:so|and|okay|ok|then),?\s+)?(?:\p{Lu}\p{Ll}+,\s+)?(?:can|could|would|will) you\b/iu;

interface Participants {
  speakers: string[];
  /** Due dates are resolved against the meeting date; without one, items carry none. */
  meetingDate?: Date;
}

/** Finds action items in the sentences in meeting order; deduplicated and capped. */
export function extractActionItems(sentences: Sentence[], participants: Participants): ActionItem[] {
  const context: Context = { participants, previousOther: findPreviousOtherSpeakers(sentences) };
  // Only the first MAX_ACTION_ITEMS distinct items are ever shown, and a later item merges into the first one it
  // repeats, so an item that repeats none of those is dropped at once: the same list as keeping every item and
  // cutting at the end, with the duplicate check over at most MAX_ACTION_ITEMS items (linear in the transcript).
  const found: FoundItem[] = [];
  for (const sentence of sentences) {
    if (found.length === MAX_ACTION_ITEMS && found.every((entry) => entry.item.dueDate)) break; // nothing can change
    if (MEETING_TALK.test(sentence.text)) continue; // the next meeting is reported on its own
    for (const clause of splitClauses(sentence.text)) {
      const item = matchClause(clause, sentence, context);
      if (!item) continue;
      const terms = new Set(contentTerms(item.task));
      // "Could you get quotes?" answered "I'll get two quotes by June 13th": one task, the answer's wording and date.
      const same = found.find(
        (other) =>
          other.item.assignee === item.assignee &&
          sharesTerms(terms, other.terms, sentence.index - other.saidAt <= 3 ? 0.5 : 0.75),
      );
      if (!same) {
        if (found.length < MAX_ACTION_ITEMS) found.push({ item, terms, saidAt: sentence.index });
      } else if (item.dueDate && !same.item.dueDate) {
        Object.assign(same, { item, terms, saidAt: sentence.index });
      }
    }
  }
  return found.map((entry) => entry.item);
}

interface FoundItem {
  item: ActionItem;
  /** The task's content terms, computed once. */
  terms: Set<string>;
  /** Index of the sentence that said it. */
  saidAt: number;
}

interface Context {
  participants: Participants;
  /** For each sentence, the nearest earlier speaker other than its own (null when there is none). */
  previousOther: (string | null)[];
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

function splitClauses(text: string): string[] {
  return text
    .split(
      /[;:]\s+|,\s+(?:and|but|so)\s+|(?<!\s)\s+and then\s+|,\s+(?=(?:I'll|I will|you will|you'll|please|can you|we'll)\b)/i,
    )
    .map((clause) => clause.trim())
    .filter((clause) => clause.length > 0);
}

function matchClause(clause: string, sentence: Sentence, context: Context): ActionItem | null {
  if (NOT_A_COMMITMENT.test(clause)) return null;
  // A question is a task only as a request ("Tom, can you send…?"), never as an offer or a musing.
  const isQuestion = /\?\s*$/.test(clause) || /\?\s*$/.test(sentence.text);
  if (isQuestion && !REQUEST_QUESTION.test(clause)) return null;
  const actionLead = /^action items?\s*[:-]\s*/i.exec(clause);
  const body = actionLead ? clause.slice(actionLead[0].length) : clause;
  for (const rule of RULES) {
    const match = rule.pattern.exec(body);
    const task = match?.[1] ?? match?.[2];
    if (!match || !task) continue;
    if (rule.weak && !DEADLINE.test(task)) return null;
    const assignee = resolveAssignee(rule.assignee, sentence, context, clause);
    return buildItem(task, assignee, sentence, context);
  }
  if (isQuestion) return null;
  const named = NAMED_PERSON.exec(body);
  if (named?.[1] && named[2] && !NOT_A_NAME.has(named[1].split(" ")[0] ?? "")) {
    return buildItem(named[2], fullName(named[1], context.participants), sentence, context);
  }
  const lets = LETS.exec(body);
  if (lets?.[1] && DEADLINE.test(lets[1])) {
    return buildItem(lets[1], resolveAssignee("speaker", sentence, context, clause), sentence, context);
  }
  if (actionLead && contentTerms(body).length >= 2) {
    return buildItem(body, resolveAssignee("speaker", sentence, context, clause), sentence, context);
  }
  return null;
}

function resolveAssignee(kind: Assignee, sentence: Sentence, context: Context, clause: string): string {
  if (kind === "speaker") return sentence.speaker ?? UNASSIGNED;
  return findAddressee(sentence, context, clause) ?? UNASSIGNED;
}

/**
 * Who "you" is: the person the clause addresses by name ("Tom, please…", "…, Tom?"), a participant named in the
 * sentence, the other one of two, or the previous speaker.
 */
function findAddressee(sentence: Sentence, context: Context, text = sentence.text): string | null {
  const { participants } = context;
  const vocative = VOCATIVE.exec(text)?.[1] ?? CLOSING_VOCATIVE.exec(text)?.[1];
  if (vocative && !NOT_A_NAME.has(vocative) && vocative !== firstName(sentence.speaker ?? "")) {
    return fullName(vocative, participants);
  }
  const others = participants.speakers.filter((name) => name !== sentence.speaker);
  const named =
    others.find((name) => mentionsName(text, name)) ?? others.find((name) => mentionsName(sentence.text, name));
  if (named) return named;
  if (others.length === 1) return others[0] ?? null;
  return context.previousOther[sentence.index] ?? null;
}

const WORD_CHARACTER = /\w/; // what \b tells apart (no u or i flag)
const isWordCharacter = (ch: string | undefined) => ch !== undefined && WORD_CHARACTER.test(ch);

/** Whether the first name occurs between word boundaries: `\bName\b`, by string search, not a regex built from a name. */
function mentionsName(text: string, fullNameText: string): boolean {
  const first = fullNameText.split(" ")[0] ?? fullNameText;
  if (!first) return WORD_CHARACTER.test(text);
  const startsWord = isWordCharacter(first[0]);
  const endsWord = isWordCharacter(first[first.length - 1]);
  for (let at = text.indexOf(first); at >= 0; at = text.indexOf(first, at + 1)) {
    if (isWordCharacter(text[at - 1]) !== startsWord && isWordCharacter(text[at + first.length]) !== endsWord)
      return true;
  }
  return false;
}

function fullName(name: string, participants: Participants): string {
  return participants.speakers.find((speaker) => speaker === name || speaker.startsWith(`${name} `)) ?? name;
}

function buildItem(rawTask: string, assignee: string, sentence: Sentence, context: Context): ActionItem | null {
  const { participants } = context;
  const task = cleanTask(rawTask, sentence, context, assignee);
  const terms = contentTerms(task).length;
  // "do that" carries no information; a 30-word clause is a ramble, not a task.
  if (terms < 2 || task.split(" ").length > 20) return null;
  const dueDate = participants.meetingDate ? dueDateOf(rawTask, participants.meetingDate) : null;
  return dueDate ? { task, assignee, dueDate } : { task, assignee };
}

// Deadlines the date reader takes otherwise: "this week" is its Friday, "end of day" and "EOD" the meeting's day.
const THIS_WEEK = /\b(?:this|the) week\b/i;
const END_OF_DAY = /\b(?:end of (?:the )?day|EOD|close of business|COB|tonight)\b/i;

/** The due date said in the task ("by Friday", "tomorrow", "by the end of the month"), as yyyy-MM-dd. */
function dueDateOf(task: string, meetingDate: Date): string | null {
  if (END_OF_DAY.test(task)) return resolveDatePhrase("today", meetingDate);
  const said = resolveDatePhrase(task, meetingDate);
  if (said) return said;
  return THIS_WEEK.test(task) ? resolveDatePhrase("end of the week", meetingDate) : null;
}

/** Rephrases a captured clause as an imperative task and replaces pronouns the reader could not resolve. */
function cleanTask(raw: string, sentence: Sentence, context: Context, assignee: string): string {
  // `(?<!\s)` (and its like) starts a match only where a run of whitespace or punctuation starts: the same leftmost
  // match, without rescanning the run from each of its characters (quadratic in a long run).
  let task = shortenTask(raw)
    .replace(
      /^(?:also|just|actually|definitely|probably|then|go ahead and|try to|make sure to|sort of|kind of)\s+/i,
      "",
    )
    .replace(/(?<!\s)\s+(?:myself|yourself|ourselves)\b/gi, "")
    .replace(
      /(?<![,\s])[,\s]+(?:okay|ok|right|then|too|as well|for now|I think|if that works|if you can|please|thanks)\s*[.!?]*$/i,
      "",
    )
    .replace(/(?<![\s.,;:!?])[\s.,;:!?]+$/, "")
    .trim();
  const speaker = sentence.speaker;
  const addressee = findAddressee(sentence, context);
  // "send it to you" said by Dana to Marcus reads "send it to Marcus" in a task list.
  if (addressee && addressee !== assignee) {
    task = task.replace(
      /\b(to|for|with|send|email|call|give|show) you\b/gi,
      (_m, word: string) => `${word} ${firstName(addressee)}`,
    );
  }
  if (speaker && speaker !== assignee) {
    task = task.replace(
      /\b(to|for|with|send|email|call|give|show|tell) me\b/gi,
      (_m, word: string) => `${word} ${firstName(speaker)}`,
    );
  }
  return task.charAt(0).toUpperCase() + task.slice(1);
}

// A task is one clause: stop at the end of the sentence, and at a comma once it has grown long.
function shortenTask(raw: string): string {
  let task = raw.split(/[.!?](?:\s|$)/)[0] ?? raw;
  const words = task.split(/\s+/);
  if (words.length > 14) {
    const comma = task.indexOf(",", words.slice(0, 4).join(" ").length);
    if (comma > 0) task = task.slice(0, comma);
  }
  return task;
}

function firstName(name: string): string {
  return name.split(" ")[0] ?? name;
}

function sharesTerms(terms: Set<string>, otherTerms: Set<string>, threshold: number): boolean {
  let shared = 0;
  for (const term of terms) if (otherTerms.has(term)) shared++;
  return shared / Math.max(1, Math.min(terms.size, otherTerms.size)) >= threshold;
}
