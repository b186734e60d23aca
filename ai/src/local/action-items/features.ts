// A candidate task's features and its fitted confidence. The features are the parts of an action item as the
// meeting-understanding work reads it (a task description, an owner, a timeframe, an agreement): the speech act and
// how strong it was, who owns it and whether they are a person of the meeting, whether someone agreed, whether it
// was said again or in the closing recap, and the words of the task (features.rules.ts). The weights are fitted by
// api/bench/fit-action-items.ts (leave-one-set-out on the three advisor sets) and passed in; nothing here is typed.

import { matchRule } from "../../language/rules";
import { contentTerms } from "../../language/tokens";
import { UNASSIGNED } from "./addressee";
import { type FeatureText, TASK_WORD_FEATURES } from "./features.rules";
import type { FoundItem } from "./item-list";

/** Fitted weights: log-odds per feature, an intercept, and the threshold of confidence an action item needs. */
export interface ActionItemWeights {
  intercept: number;
  weights: Readonly<Record<string, number>>;
  /** At or above it an item is an action item; below it, a possible one. */
  threshold: number;
}

/** What the features of one meeting's candidates are read against. */
export interface MeetingFacts {
  speakers: readonly string[];
  clientName?: string;
  /** Words each speaker said: who talks most leads the meeting (usually the adviser). */
  wordsBySpeaker: ReadonlyMap<string, number>;
  /** How many sentences of the meeting say each content term: what the meeting was about. */
  termCounts: ReadonlyMap<string, number>;
  sentenceCount: number;
  /** How many tasks the meeting's recaps of who does what listed (0: no recap). */
  recapTasks: number;
}

const STRUCTURAL_FEATURES = [
  "act-commit",
  "act-request",
  "act-advice",
  "act-delegate",
  "act-recap",
  "weak-act",
  "weak-undated",
  "due-date",
  "accepted",
  "said-again",
  "object-from-before",
  "scheduling-turn",
  "recap-left-out",
  "owner-speaks",
  "owner-is-client",
  "owner-leads",
  "owner-said-it",
  "owner-absent",
  "third-party-will",
  "unassigned",
  "early",
  "late",
  "task-words",
  "topical",
] as const;

/** Every feature's name, in the order of the vector: the structural ones, then the rows of features.rules.ts. */
export const ACTION_ITEM_FEATURES: readonly string[] = [
  ...STRUCTURAL_FEATURES,
  ...TASK_WORD_FEATURES.rules.map((rule) => rule.id),
];

/** The last part of a meeting, where the closing "who does what" is said, and the first, where people settle in. */
const LATE_SHARE = 0.75;
const EARLY_SHARE = 0.1;
/** A term the meeting said in this many sentences is one of its subjects. */
const SUBJECT_SENTENCES = 3;

const nameWords = (name: string) => contentTerms(name);

function isSpeaker(assignee: string, speakers: readonly string[]): boolean {
  return assignee.split(" and ").every((person) => speakers.includes(person));
}

function isClient(assignee: string, clientName: string | undefined): boolean {
  if (!clientName) return false;
  const client = new Set(nameWords(clientName));
  const words = nameWords(assignee);
  return words.length > 0 && words.every((word) => client.has(word));
}

function leader(wordsBySpeaker: ReadonlyMap<string, number>): string | null {
  let best: string | null = null;
  let most = 0;
  for (const [speaker, words] of wordsBySpeaker) if (words > most) [best, most] = [speaker, words];
  return best;
}

/** The feature vector of one candidate, in ACTION_ITEM_FEATURES order. */
export function actionItemFeatures(found: FoundItem, meeting: MeetingFacts): number[] {
  const { item, cue } = found;
  const assignee = item.assignee;
  const terms = contentTerms(item.task);
  const speaks = isSpeaker(assignee, meeting.speakers);
  const client = isClient(assignee, meeting.clientName);
  const structural: Record<(typeof STRUCTURAL_FEATURES)[number], number> = {
    "act-commit": cue.act === "commit" ? 1 : 0,
    "act-request": cue.act === "request" ? 1 : 0,
    "act-advice": cue.act === "advice" ? 1 : 0,
    "act-delegate": cue.act === "delegate" ? 1 : 0,
    "act-recap": found.fromRecap ? 1 : 0,
    "weak-act": cue.weak ? 1 : 0,
    // "I can…", "we need to…" with no day said: the AMI reading's missing timeframe.
    "weak-undated": cue.weak && !item.dueDate ? 1 : 0,
    "due-date": item.dueDate ? 1 : 0,
    accepted: found.accepted ? 1 : 0,
    "said-again": found.said > 1 ? 1 : 0,
    "object-from-before": cue.filled ? 1 : 0,
    "scheduling-turn": cue.scheduling ? 1 : 0,
    "recap-left-out": meeting.recapTasks > 0 && !found.fromRecap ? 1 : 0,
    "owner-speaks": speaks ? 1 : 0,
    "owner-is-client": client ? 1 : 0,
    "owner-leads": assignee === leader(meeting.wordsBySpeaker) ? 1 : 0,
    "owner-said-it": cue.speaker !== null && assignee.split(" and ").includes(cue.speaker) ? 1 : 0,
    // Someone named who neither speaks nor is the client: an assistant, a spouse at home, or no person at all.
    "owner-absent": assignee !== UNASSIGNED && !speaks && !client && meeting.speakers.length > 0 ? 1 : 0,
    // "Medicare will process it first": what someone outside the meeting will do, told, not a task handed over.
    "third-party-will": cue.rule === "named-will" && !speaks ? 1 : 0,
    unassigned: assignee === UNASSIGNED ? 1 : 0,
    early: found.saidAt < meeting.sentenceCount * EARLY_SHARE ? 1 : 0,
    late: meeting.sentenceCount > 0 && found.saidAt / meeting.sentenceCount >= LATE_SHARE ? 1 : 0,
    "task-words": Math.log(1 + terms.length),
    topical: topicalShare(terms.slice(1), meeting.termCounts),
  };
  const text: Record<FeatureText, string> = { clause: cue.clause, task: item.task };
  return [
    ...STRUCTURAL_FEATURES.map((name) => structural[name]),
    ...TASK_WORD_FEATURES.rules.map((rule) => (matchRule(rule, text[rule.effect]) ? 1 : 0)),
  ];
}

/** The share of a task's words (past its verb) that the meeting talked about in several sentences. */
function topicalShare(terms: string[], counts: ReadonlyMap<string, number>): number {
  if (terms.length === 0) return 0;
  return terms.filter((term) => (counts.get(term) ?? 0) >= SUBJECT_SENTENCES).length / terms.length;
}

/** The probability the weights give a feature vector (a feature the weights do not name weighs nothing). */
export function confidenceOf(features: readonly number[], weights: ActionItemWeights): number {
  let z = weights.intercept;
  ACTION_ITEM_FEATURES.forEach((name, k) => {
    z += (weights.weights[name] ?? 0) * (features[k] ?? 0);
  });
  return 1 / (1 + Math.exp(-z));
}

/** Weights that keep every candidate (the reader alone, before any confidence): for tests of the reading. */
export const EVERY_CANDIDATE: ActionItemWeights = Object.freeze({ intercept: 0, weights: {}, threshold: 0 });
