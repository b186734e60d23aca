// Rule-based action items, read as speech acts: recaps first (action-items/recap.ts), then the body clause by clause
// (action-items/read-clause.ts), repeats merged (action-items/item-list.ts), each candidate weighed by its fitted
// confidence (action-items/features.ts). The whole reading, with examples: docs/notes-engine.md, "Action items".

import fitted from "../../fitted/action-items.json";
import { ACKNOWLEDGEMENTS, alternation, DISCOURSE_MARKERS } from "../language/lexicon";
import { lexiconRegExp } from "../language/patterns";
import { firstMatch } from "../language/rules";
import { capitalise, type Sentence } from "../language/sentences";
import { contentTerms } from "../language/tokens";
import type { ActionItem } from "../types";
import { addressedByName, buildContext, type Participants, resolveWho } from "./action-items/addressee";
import { type ActionItemWeights, actionItemFeatures, confidenceOf, type MeetingFacts } from "./action-items/features";
import {
  type Cue,
  type FoundItem,
  ItemList,
  includesPerson,
  MAX_ACTION_ITEMS,
  peopleTerms,
} from "./action-items/item-list";
import { joinFragments } from "./action-items/join-fragments";
import { mentionsName, pairAddressed, pairOfClient } from "./action-items/names";
import { personOfPronoun, signerOfTask, withPersonMeant, withSubjectMeant } from "./action-items/person-meant";
import { buildItem, readClause, requestedObject, splitClauses } from "./action-items/read-clause";
import { readRecaps } from "./action-items/recap";
import { AGREEMENT } from "./action-items/speech-acts.rules";
import { hasPronounObject, objectOf } from "./action-items/task-text";
import { thingAwaited, thingHanded, thingOpened } from "./action-items/thing-awaited";
import { writeAmounts } from "./record/figures-in-sentence";
import { saysMoney } from "./record/shorthand-amounts";
import { writeNumbersAsFigures } from "./record/spoken-numbers";

/** The weights fitted on the three advisor sets (api/bench/fit-action-items.ts). */
export const FITTED_ACTION_ITEM_WEIGHTS: ActionItemWeights = fitted;
/** A recap with this many tasks is the list; the body then adds only tasks said with a deadline. */
const RICH_RECAP = 6;
/** Distinct speakers a sentence's words and "you" are matched against, at most (a meeting has far fewer). */
export const MAX_NAMED_SPEAKERS = 64;
/** Candidates weighed per meeting: bounded, so merging repeats stays linear in the transcript. */
const MAX_CANDIDATES = 40;
/** A request or instruction whose thing is "one", "it" or "that": it replaces whatever was named before. */
const ASKS_FOR_UNNAMED_THING =
  /^(?:(?:yes|yeah|sure|okay|ok|so|and|just),?\s+)*(?:please\s+|can you\s+|could you\s+)?\p{L}+\s+(?:the\s+(?:\p{L}+\s+){0,3}one|it|that|them)\b/iu;
/** How many sentences back a "that" may point, and how far a request waits for its answer. */
const MAX_ANTECEDENT_DISTANCE = 4;
const MEETING_TALK =
  /\b(meet again|next meeting|follow[- ]up (?:meeting|call)|schedule (?:a|another|our) |reconvene|talk again|speak again|find a time|next time we (?:meet|need to meet)|reach out to schedule|set up a time)\b/i;

interface PendingRequest {
  assignee: string;
  task: string;
  at: number;
  by: string | null;
  /** Whether a reply by someone else has been read (only the first reply accepts or declines). */
  replied: boolean;
  /** Whether the one asked was named ("Jordan, could you…"): then only they can accept it. */
  named: boolean;
}

/** A candidate task with its features (ACTION_ITEM_FEATURES order), for fitting and for the confidence. */
export interface ActionItemCandidate {
  item: ActionItem;
  features: number[];
}

/** The action items (confident, at most MAX_ACTION_ITEMS) and the possible ones (below the threshold), in order said. */
export interface ActionItemReading {
  actionItems: ActionItem[];
  possibleActionItems: ActionItem[];
}

/** Finds the action items in the sentences in meeting order; deduplicated, sure, capped. */
export function extractActionItems(
  spoken: Sentence[],
  participants: Participants,
  weights: ActionItemWeights = FITTED_ACTION_ITEM_WEIGHTS,
): ActionItem[] {
  return readActionItems(spoken, participants, weights).actionItems;
}

/** The action items and the possible ones: every candidate weighed by its fitted confidence. */
export function readActionItems(
  spoken: Sentence[],
  participants: Participants,
  weights: ActionItemWeights = FITTED_ACTION_ITEM_WEIGHTS,
): ActionItemReading {
  const weighed = findActionItemCandidates(spoken, participants).map((candidate, order) => ({
    item: candidate.item,
    order,
    confidence: confidenceOf(candidate.features, weights),
  }));
  // The surest take the places; the list keeps the order they were said in.
  const sure = weighed
    .filter((c) => c.confidence >= weights.threshold)
    .sort((a, b) => b.confidence - a.confidence)
    .slice(0, MAX_ACTION_ITEMS);
  const possible = weighed
    .filter((c) => !sure.includes(c))
    .sort((a, b) => b.confidence - a.confidence)
    .slice(0, MAX_ACTION_ITEMS);
  const inOrder = (list: typeof weighed) => [...list].sort((a, b) => a.order - b.order).map((c) => c.item);
  return { actionItems: inOrder(sure), possibleActionItems: inOrder(possible) };
}

/** Every candidate task of the meeting, in the order said, with its features. */
export function findActionItemCandidates(spoken: Sentence[], meetingPeople: Participants): ActionItemCandidate[] {
  // Whom a sentence names or speaks to is looked up among the speakers for every sentence: a bounded list keeps that
  // linear in the transcript, whatever number of labels a file carries. A speaker past it still owns what they say.
  const participants = { ...meetingPeople, speakers: meetingPeople.speakers.slice(0, MAX_NAMED_SPEAKERS) };
  const sentences = joinFragments(spoken);
  const couple =
    pairAddressed(null, participants.speakers, null) ?? pairOfClient(participants.clientName, participants.speakers);
  const recap = readRecaps(sentences, participants.speakers);
  const context = { ...buildContext(sentences, participants, couple), recapSentences: recap.covered };
  const list = new ItemList(peopleTerms(participants), MAX_CANDIDATES);
  let lastPair: string | null = null;
  // The closing recap is the surest list: the last recap's items take the places first.
  for (const clause of [...recap.recaps].reverse().flat()) {
    const assignee = resolveWho(clause.assignee, clause.sentence, context, lastPair);
    if (clause.assignee.kind === "named" && clause.assignee.name.includes(" and ")) lastPair = clause.assignee.name;
    const item = buildItem(clause.task, assignee, clause.sentence, context);
    const cue: Cue = {
      act: "recap",
      rule: "recap",
      weak: false,
      clause: clause.sentence.text,
      speaker: clause.sentence.speaker,
    };
    if (item && !("acceptedBy" in item)) list.add(item, clause.sentence.index, true, cue);
  }
  // At most MAX_CANDIDATES distinct items are weighed, and a later item merges into the first one it repeats, so an
  // item that repeats none of those is dropped at once: the duplicate check covers at most MAX_CANDIDATES items
  // (linear in the transcript).
  const recapCount = recap.recaps.reduce((n, r) => n + r.length, 0);
  let lastObject: string | null = null;
  let lastObjectAt = 0;
  let lastRequest = null as PendingRequest | null;
  for (const sentence of sentences) {
    if (list.isSettled()) break; // nothing can change
    const request: PendingRequest | null =
      lastRequest && sentence.index - lastRequest.at <= MAX_ANTECEDENT_DISTANCE ? lastRequest : null;
    // The first reply of someone else to a request: "Sure" makes the task theirs, "I can't" leaves it as asked.
    if (request && !request.replied && sentence.speaker && request.by && sentence.speaker !== request.by) {
      request.replied = true;
      const mayAnswer = !request.named || sentence.speaker === request.assignee;
      const reply = mayAnswer ? firstMatch(AGREEMENT, sentence.text)?.rule.effect : undefined;
      if (reply === "accept") {
        list.accept(request, sentence.speaker);
        request.assignee = sentence.speaker;
      } else if (reply === "decline") {
        // "I can't get into that account": a request turned down is no task.
        list.withdraw(request);
        lastRequest = null;
      }
    }
    if (recap.covered.has(sentence.index)) continue; // read as a recap
    // "That" points at the turns just before, not at something said minutes ago.
    if (sentence.index - lastObjectAt > MAX_ANTECEDENT_DISTANCE) lastObject = null;
    let object = requestedObject(sentence.text) ?? thingSaidTo(sentence.text) ?? thingHanded(sentence.text);
    // "When the closing statement comes in, can you forward it?": the sentence's own thing before the last one.
    const ownThing = thingAwaited(sentence.text) ?? thingOpened(sentence.text);
    const pointedAt = ownThing ?? lastObject;
    for (const clause of splitClauses(sentence.text)) {
      if (MEETING_TALK.test(clause)) continue; // the next meeting is reported on its own
      const { found: item, act, weak, rule } = readClause(clause, sentence, context, pointedAt);
      if (!item) continue;
      if ("acceptedBy" in item) {
        list.dateAcceptedTask({
          assignee: item.acceptedBy,
          dueDate: item.dueDate,
          requested: request && includesPerson(request.assignee, item.acceptedBy) ? request.task : null,
          context: termsAround(sentences, sentence.index),
        });
        continue;
      }
      // Whom "him" or "her" means: the one person named just before ("Call Marco this week").
      const person = personOfPronoun(item.task, item.assignee, sentences, sentence.index, participants);
      // "Can you send me the statements?" "Sure, I'll send them by Friday.": the answer settles the request: done by
      // the one who answered, with its date, in the request's words. So does one about the person the request names
      // ("Could you get quotes from Marco?" "Yeah, I'll call him this week.").
      if (
        act === "commit" &&
        request &&
        (request.by !== sentence.speaker || sentence.speaker === null) &&
        (item.answers ||
          sameVerb(item.task, request.task) ||
          (person !== null && mentionsName(request.task, person))) &&
        list.answer(request, item.task, item)
      ) {
        lastRequest = null;
        continue;
      }
      // A recap of many tasks is the meeting's list: an undated task it left out was said in passing (it may still
      // give its verb to a recap item listed as a thing alone).
      const wordingOnly = recapCount >= RICH_RECAP && !item.dueDate;
      item.task = withPersonMeant(item.task, person);
      // "…so she can sign everything at once": the client, who signs the firm's papers.
      item.task = withSubjectMeant(item.task, signerOfTask(item.task, participants.speakers, participants.clientName));
      const cue: Cue = {
        act: act ?? "commit",
        rule: rule ?? "commit",
        weak: weak === true,
        // Filled from an earlier sentence; the sentence's own thing ("The projection …, so I'll redo it") is no guess.
        filled: item.answers === true && !ownThing,
        scheduling: context.schedulingTurn[sentence.index] === true,
        clause,
        speaker: sentence.speaker,
      };
      list.add(item, sentence.index, false, cue, wordingOnly);
      if (wordingOnly) continue;
      // A task for someone other than the speaker is a request: what a later "I'll do that tonight" accepts.
      if (item.assignee !== sentence.speaker && act === "request")
        lastRequest = {
          assignee: item.assignee,
          task: item.task,
          at: sentence.index,
          by: sentence.speaker,
          replied: false,
          named: addressedByName(sentence, context),
        };
      object = objectOf(item.task) ?? object;
    }
    // What a later "that" or "it" points at: the thing the last request or task was about.
    if (object && !hasPronounObject(`do ${object}`) && !/^(?:one|some|any)$/i.test(object)) {
      lastObject = object;
      lastObjectAt = sentence.index;
    } else if (ASKS_FOR_UNNAMED_THING.test(sentence.text) && !firstMatch(AGREEMENT, sentence.text)) {
      // ("Got it" accepts; it asks for nothing.)
      // "Upload the most recent one": the thing asked for now is not the one named before, so "that" means neither.
      lastObject = null;
    }
  }
  list.settleAcceptances();
  const meeting = meetingFacts(sentences, participants, recapCount);
  // Tasks are written as notes are: "raise it to eight hundred" reads "raise it to 800".
  return list.entries().map((found: FoundItem) => ({
    item: { ...found.item, task: taskWithFigures(found, sentences) },
    features: actionItemFeatures(found, meeting),
  }));
}

function meetingFacts(sentences: Sentence[], participants: Participants, recapTasks: number): MeetingFacts {
  const wordsBySpeaker = new Map<string, number>();
  const termCounts = new Map<string, number>();
  for (const sentence of sentences) {
    for (const term of contentTerms(sentence.text)) termCounts.set(term, (termCounts.get(term) ?? 0) + 1);
    if (!sentence.speaker) continue;
    wordsBySpeaker.set(sentence.speaker, (wordsBySpeaker.get(sentence.speaker) ?? 0) + sentence.text.split(" ").length);
  }
  return {
    speakers: participants.speakers,
    clientName: participants.clientName,
    wordsBySpeaker,
    termCounts,
    sentenceCount: sentences.length,
    recapTasks,
  };
}

// "Tobias, the deed too.": a thing said to someone by name, which their "I'll file it" is about. "Okay, the bot's in"
// and "Well, his wife changed his mind" open with a word that carries nothing, not a name.
const THING_SAID_TO = lexiconRegExp(
  `^(?:(?:and|so|okay|ok|then),?\\s+)?(?!${alternation([...DISCOURSE_MARKERS, ...ACKNOWLEDGEMENTS].map(capitalise))},)\\p{Lu}\\p{Ll}+,\\s+((?:the|your|his|her|their) [^,.?!]{3,60})[,.]`,
  "u",
);
const TOO = / (?:too|also|as well)$/;

function thingSaidTo(text: string): string | null {
  return THING_SAID_TO.exec(text)?.[1]?.replace(TOO, "") ?? null;
}

/** "Order two more tonight" answers "Order two more certified copies": the same verb opens both. */
function sameVerb(task: string, requested: string): boolean {
  const verb = (text: string) => text.split(" ", 1)[0]?.toLowerCase() ?? "";
  return verb(task) === verb(requested);
}

/** The content terms of a sentence and the few before it: what "I'll do mine today" is about. */
function termsAround(sentences: Sentence[], index: number): Set<string> {
  const terms = new Set<string>();
  for (let i = Math.max(0, index - MAX_ANTECEDENT_DISTANCE); i <= index; i++) {
    for (const term of contentTerms(sentences[i]?.text ?? "")) terms.add(term);
  }
  return terms;
}

/** "pay twenty-nine five for the quarter" → "pay $29,500 for the quarter": amounts written where money is talked of. */
function taskWithFigures(found: FoundItem, sentences: readonly Sentence[]): string {
  const said = sentences[found.saidAt]?.text ?? "";
  const moneyTalk = saysMoney(found.item.task) || saysMoney(said);
  return writeAmounts(writeNumbersAsFigures(found.item.task), moneyTalk);
}
