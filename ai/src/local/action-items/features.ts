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

/** One candidate as its structural features read it. */
interface Candidate {
  found: FoundItem;
  meeting: MeetingFacts;
  assignee: string;
  terms: string[];
  speaks: boolean;
  client: boolean;
}

/** The structural features, in the order of the vector. */
const STRUCTURAL: Readonly<Record<string, (c: Candidate) => number>> = {
  "act-commit": (c) => (c.found.cue.act === "commit" ? 1 : 0),
  "act-request": (c) => (c.found.cue.act === "request" ? 1 : 0),
  "act-advice": (c) => (c.found.cue.act === "advice" ? 1 : 0),
  "act-delegate": (c) => (c.found.cue.act === "delegate" ? 1 : 0),
  "act-recap": (c) => (c.found.fromRecap ? 1 : 0),
  "weak-act": (c) => (c.found.cue.weak ? 1 : 0),
  // "I can…", "we need to…" with no day said: the AMI reading's missing timeframe.
  "weak-undated": (c) => (c.found.cue.weak && !c.found.item.dueDate ? 1 : 0),
  "due-date": (c) => (c.found.item.dueDate ? 1 : 0),
  accepted: (c) => (c.found.accepted ? 1 : 0),
  "said-again": (c) => (c.found.said > 1 ? 1 : 0),
  "object-from-before": (c) => (c.found.cue.filled ? 1 : 0),
  "scheduling-turn": (c) => (c.found.cue.scheduling ? 1 : 0),
  "recap-left-out": (c) => (c.meeting.recapTasks > 0 && !c.found.fromRecap ? 1 : 0),
  "owner-speaks": (c) => (c.speaks ? 1 : 0),
  "owner-is-client": (c) => (c.client ? 1 : 0),
  "owner-leads": (c) => (c.assignee === leader(c.meeting.wordsBySpeaker) ? 1 : 0),
  "owner-said-it": ({ found: { cue }, assignee }) =>
    cue.speaker !== null && assignee.split(" and ").includes(cue.speaker) ? 1 : 0,
  // Someone named who neither speaks nor is the client: an assistant, a spouse at home, or no person at all.
  "owner-absent": (c) => (c.assignee !== UNASSIGNED && !c.speaks && !c.client && c.meeting.speakers.length > 0 ? 1 : 0),
  // "Medicare will process it first": what someone outside the meeting will do, told, not a task handed over.
  "third-party-will": (c) => (c.found.cue.rule === "named-will" && !c.speaks ? 1 : 0),
  unassigned: (c) => (c.assignee === UNASSIGNED ? 1 : 0),
  early: (c) => (c.found.saidAt < c.meeting.sentenceCount * EARLY_SHARE ? 1 : 0),
  late: ({ found, meeting }) =>
    meeting.sentenceCount > 0 && found.saidAt / meeting.sentenceCount >= LATE_SHARE ? 1 : 0,
  "task-words": (c) => Math.log(1 + c.terms.length),
  topical: (c) => topicalShare(c.terms.slice(1), c.meeting.termCounts),
};

/** Every feature's name, in the order of the vector: the structural ones, then the rows of features.rules.ts. */
export const ACTION_ITEM_FEATURES: readonly string[] = [
  ...Object.keys(STRUCTURAL),
  ...TASK_WORD_FEATURES.rules.map((rule) => rule.id),
];

/** The feature vector of one candidate, in ACTION_ITEM_FEATURES order. */
export function actionItemFeatures(found: FoundItem, meeting: MeetingFacts): number[] {
  const { item, cue } = found;
  const assignee = item.assignee;
  const speaks = isSpeaker(assignee, meeting.speakers);
  const client = isClient(assignee, meeting.clientName);
  const candidate: Candidate = { found, meeting, assignee, terms: contentTerms(item.task), speaks, client };
  const text: Record<FeatureText, string> = { clause: cue.clause, task: item.task };
  return [
    ...Object.values(STRUCTURAL).map((feature) => feature(candidate)),
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
