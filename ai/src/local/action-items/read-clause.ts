// One clause read as a speech act: a commitment, a request, a delegation, or nothing (speech-acts.rules.ts has the
// tables).
// The task is written from its verb with its object ("Send the revised draft to Omar by Friday"); a fragment without
// an object, a thought or a message without content is no task.

import { alternation, capitalise, lexiconRegExp, RELATIVE_DAYS, WEEKDAYS } from "../../language";
import { firstMatch, ruleById } from "../../language/rules";
import type { Sentence } from "../../language/sentences";
import { contentTerms } from "../../language/tokens";
import { namesBodyNotPerson } from "../record/word-kinds";
import { addresseeIsSure, type Context, findAddressee, recapYou, resolveAssignee, UNASSIGNED } from "./addressee";
import { dueDateOf } from "./due-date";
import { withFrontedObject } from "./fronted-object";
import type { BodyItem } from "./item-list";
import { fullName, NOT_A_NAME } from "./names";
import { FRAGMENT, NOT_A_TASK } from "./not-a-task.rules";
import { COMMITMENT_ACTS, DELEGATED_ACTS, type Owner } from "./speech-acts.rules";
import {
  cleanTask,
  hasPronounObject,
  haveDelivered,
  isTaskVerbPhrase,
  objectOf,
  standsForAskedTask,
  toBaseVerb,
  withNamedThing,
  withObject,
} from "./task-text";

// "let's ..." only counts with a deadline; "let's start with performance" is not a task.
const LETS = /\blet(?:'s| us)\s+(?!see\b|say\b|talk\b|think\b|hope\b)(.+)/i;
export const DEADLINE = lexiconRegExp(
  `\\b(by|before|on time|until|this (?:week|month|afternoon|evening)|next (?:week|month)|${alternation(RELATIVE_DAYS)}|end of|on ${alternation(WEEKDAYS)})\\b`,
  "i",
);
// "What would help me is if you two could send me…", "it'd help if you could…": a request said as a wish.
const HELPS_IF_YOU_COULD =
  /^(?:(?:so|and|okay|ok|well|now),?\s+)*(?:what would (?:really )?help(?: me)?(?: most)? is|it would (?:really )?help(?: me)?(?: a lot)?|it'd (?:really )?help(?: me)?(?: a lot)?|I'd appreciate it|it would be great|it'd be great) if (each of you|both of you|you two|you both|you)(?: two| both| all)? (?:could|can|would)\s+(?:just\s+|please\s+)?(.+)/i;
// "I'll help you do it tonight": the task stays the other person's; the helper only says when it gets done.
const HELPS_DO_IT = /\bI(?:'ll| will| can|'m going to) help (you|\p{Lu}\p{Ll}+) (?:to )?do (?:it|that|this)\b(.*)/u;
// "Bring photo ID to the signing": a thing brought to the next meeting is due that day.
const BROUGHT_TO_NEXT_MEETING =
  /^bring\b[^.]*\b(?:to|at|for) (?:the|our|your) (?:signing|next meeting|meeting|appointment|follow-up)\b/i;
/** A clause that begins as a question does: an auxiliary or a question word first ("Should I…", "What if we…"). */
const ASKS =
  /^(?:(?:so|and|but|okay|ok|then|or),?\s+)?(?:\p{Lu}\p{Ll}+,\s+)?(?:should|shall|do|does|did|would|could|can|will|won't|wouldn't|shouldn't|is|isn't|are|aren't|was|were|have|has|am|what|when|who|whom|whose|why|how|where|which)\b/iu;
const REQUEST_QUESTION =
  /^(?:(?:so|and|okay|ok|then),?\s+)?(?:\p{Lu}\p{Ll}+,\s+)?(?:(?:can|could|would|will) you|do you think you (?:could|can|might))\b/iu;

const WE_WILL = ruleById(COMMITMENT_ACTS, "commit-we-will");

/** An item, or a dated acceptance whose task is only "that" ("I'll do that tonight"), or nothing. */
export type Found = BodyItem | { acceptedBy: string; dueDate: string } | null;

/** What a clause was read as: the item and the act it came from (a request waits for its answer). */
export interface ClauseReading {
  found: Found;
  act: "commit" | "request" | "advice" | "delegate" | null;
  /** A weak act ("I can…", "you should…", "we need to…"): its confidence is fitted with the rest (features.ts). */
  weak?: boolean;
  /** The id of the rule that read it. */
  rule?: string;
}

export function splitClauses(text: string): string[] {
  return text
    .split(
      /[;:]\s+|,\s+(?:and|but)\s+|,\s+(?=so\s)|(?<!\s)\s+and then\s+|,\s+(?=(?:I'll|I will|you will|you'll|please|can you|we'll)\b)/i,
    )
    .map((clause) => clause.trim())
    .filter((clause) => clause.length > 0);
}

/** The thing a request asks for ("Can you send me the term sheet?"): what a later "I'll send that" means. */
export function requestedObject(text: string): string | null {
  const request =
    /\b(?:(?:can|could|would|will) you(?: please)?(?: (?:both|two|all|also|just))?|do you)\s+(\p{L}+(?:\s+(?:me|us|him|her|them))?\s+.+)/iu.exec(
      text,
    );
  if (!request?.[1]) return null;
  const object = objectOf(request[1]);
  // A noun phrase with its determiner ("the term sheet", "your pay stub"), not a stray word.
  if (!object || hasPronounObject(request[1]) || !/^(?:the|a|an|my|your|our|his|her|their)\s/i.test(object))
    return null;
  return contentTerms(object).length > 0 ? object.replace(/^(?:your|my)\s/i, "the ") : null;
}

const NOTHING: ClauseReading = { found: null, act: null };

export function readClause(
  clause: string,
  sentence: Sentence,
  context: Context,
  lastObject: string | null,
): ClauseReading {
  const wish = HELPS_IF_YOU_COULD.exec(clause);
  if (wish?.[1] && wish[2]) {
    const kind: Owner = /^you$/i.test(wish[1]) ? "addressee" : "pair";
    const found = buildItem(wish[2], resolveAssignee(kind, sentence, context, clause), sentence, context, lastObject);
    return { found, act: "request", rule: "helps-if-you-could" };
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
    return { found: person && dueDate ? { acceptedBy: person, dueDate } : null, act: null };
  }
  if (firstMatch(NOT_A_TASK, clause)) return NOTHING;
  // A question is a task only as a request ("Tom, can you send…?"), never as an offer or a musing.
  // The sentence's question mark is the clause's own only when the clause asks: "I'll send the draft by Friday, and
  // could you send me the schedule?" commits to the draft; "Should I send the draft, or…?" does not.
  const isQuestion = /\?\s*$/.test(clause) || (/\?\s*$/.test(sentence.text) && ASKS.test(clause));
  if (isQuestion && !REQUEST_QUESTION.test(clause)) return NOTHING;
  const delegated = isQuestion ? null : firstMatch(DELEGATED_ACTS, clause);
  const name = delegated?.hit.captures[0];
  const delegatedTask = delegated?.hit.captures[1];
  // "Medicare has to process first": an organisation's part is nobody's task in the meeting.
  if (delegated?.rule.effect.owner === "named" && name && namesBodyNotPerson(name.split(" ")[0] ?? "")) return NOTHING;
  if (delegated && name && delegatedTask && !NOT_A_NAME.has(name.split(" ")[0] ?? "")) {
    const owner =
      delegated.rule.effect.owner === "named"
        ? fullName(name, context.participants.speakers)
        : resolveAssignee("addressee", sentence, context, clause);
    return {
      found: buildItem(delegatedTask, owner, sentence, context, lastObject),
      act: "delegate",
      rule: delegated.rule.id,
    };
  }
  const actionLead = /^action items?\s*[:-]\s*/i.exec(clause);
  const body = actionLead ? clause.slice(actionLead[0].length) : clause;
  const act = firstMatch(COMMITMENT_ACTS, body);
  const task = act?.hit.captures[0] ?? act?.hit.captures[1];
  if (act && task) {
    // A weak act ("I can…", "you should…") is a candidate like any other: whether it is a task is its fitted
    // confidence's to say (a deadline said for it is one of the features).
    const weak = (act.rule.weight ?? 1) < 1;
    // "Tuesday the 9th at ten. We'll go through the drafts": what the next meeting will do, not a task.
    if (act.rule === WE_WILL && context.schedulingTurn[sentence.index]) return NOTHING;
    const { owner } = act.rule.effect;
    const assignee = resolveAssignee(owner, sentence, context, clause);
    const at = sentence.text.indexOf(clause);
    const whole = at > 0 ? withFrontedObject(task, sentence.text.slice(0, at)) : task;
    const found = buildItem(whole, assignee, sentence, context, lastObject, owner === "speaker");
    return { found, act: act.rule.effect.act, weak, rule: act.rule.id };
  }
  if (isQuestion) return NOTHING;
  const lets = LETS.exec(body);
  if (lets?.[1] && DEADLINE.test(lets[1])) {
    const found = buildItem(
      lets[1],
      resolveAssignee("speaker", sentence, context, clause),
      sentence,
      context,
      lastObject,
    );
    return { found, act: "commit", rule: "lets" };
  }
  if (actionLead && contentTerms(body).length >= 2) {
    const found = buildItem(body, resolveAssignee("speaker", sentence, context, clause), sentence, context, lastObject);
    return { found, act: "commit", rule: "action-lead" };
  }
  return NOTHING;
}

export function buildItem(
  rawTask: string,
  assignee: string,
  sentence: Sentence,
  context: Context,
  lastObject: string | null = null,
  firstPerson = false,
): Found {
  const { participants } = context;
  const found = findAddressee(sentence, context);
  // "Ruth will tell Gideon you're ready": the one the recap line names is not its "you".
  const addressee = found === assignee ? (recapYou(sentence, context, assignee) ?? found) : found;
  let task = withBaseVerbFirst(
    cleanTask(rawTask, {
      speaker: sentence.speaker,
      addressee,
      addresseeSure: addresseeIsSure(sentence, context, addressee),
      assignee,
      pair: context.couple,
    }),
  );
  // "Send that over" answers the request before it: "Send the term sheet over"; with nothing to point at, no item,
  // but "Sure, I'll do that tonight" (a verb that stands for the task asked) dates the task asked of the speaker.
  let answers = false;
  if (lastObject && hasPronounObject(task) && !standsForAskedTask(task)) {
    task = withObject(task, lastObject);
    answers = !hasPronounObject(task);
  }
  if (hasPronounObject(task) || (!answers && firstMatch(FRAGMENT, task)?.rule.effect === "pronoun-object")) {
    const dueDate = participants.meetingDate ? dueDateOf(rawTask, participants.meetingDate) : null;
    return dueDate && assignee !== UNASSIGNED ? { acceptedBy: assignee, dueDate } : null;
  }
  if (firstMatch(FRAGMENT, task)) return null;
  task = withNamedThing(task, lastObject);
  if (!isTaskVerbPhrase(task)) return null;
  task = haveDelivered(task) ?? task;
  // An action item has someone who does it: a task nobody can be named for is a guess ("you two" when no two
  // people are clear), wrong on every list it reaches. Without any speaker labels, a first-person promise is kept
  // as "Unassigned": the task is real and the advisor knows who said it.
  if (assignee === UNASSIGNED && !(firstPerson && participants.speakers.length === 0)) return null;
  const terms = contentTerms(task).length;
  // "do that" carries no information; a 30-word clause is a ramble, not a task.
  if (terms < 2 || task.split(" ").length > 24) return null;
  const dueDate =
    (participants.meetingDate ? dueDateOf(rawTask, participants.meetingDate) : null) ??
    (BROUGHT_TO_NEXT_MEETING.test(task) ? (participants.nextMeetingDate ?? null) : null);
  const item: BodyItem = dueDate ? { task, assignee, dueDate } : { task, assignee };
  return answers ? { ...item, answers: true } : item;
}

/** "getting two more quotes" (from "I'm getting two more quotes") → "get two more quotes": a task opens with its verb. */
function withBaseVerbFirst(task: string): string {
  const space = task.indexOf(" ");
  const verb = space < 0 ? task : task.slice(0, space);
  if (!/^\p{L}+ing$/iu.test(verb) || verb.length <= 5) return task;
  const base = toBaseVerb(verb);
  const cased = verb.charAt(0) === verb.charAt(0).toUpperCase() ? capitalise(base) : base;
  return `${cased}${task.slice(verb.length)}`;
}
