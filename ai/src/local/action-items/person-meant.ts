// "We work a lot with Owen Threlkeld, he's very good. I'll send him an intro email.": the "him" of a task is the one
// person named just before who is not in the meeting, and the task list and the e-mail say so ("Send Owen an intro
// email"). Only when exactly one such person was named in the last sentences: with two, or none, "him" stays.

import type { Sentence } from "../../language/sentences";
import { isPersonName as lexiconKnowsName } from "../record/word-kinds";
import { firstName, NOT_A_NAME } from "./names";

/** Sentences, the task's own included, in which the person meant must have been named. */
const LOOK_BACK = 3;
const CAPITALISED = /\p{Lu}\p{Ll}+/gu;

/** First names the sentence says of people outside the meeting (the lexicon knows them as names). */
function outsidersNamed(text: string, inMeeting: ReadonlySet<string>): Set<string> {
  const names = new Set<string>();
  for (const [word] of text.matchAll(CAPITALISED)) {
    if (!NOT_A_NAME.has(word) && !inMeeting.has(word) && lexiconKnowsName(word)) names.add(word);
  }
  return names;
}

/** The one outsider named in the sentences up to `at`, or null. */
export function personMeant(sentences: readonly Sentence[], at: number, speakers: readonly string[]): string | null {
  const inMeeting = new Set(speakers.map(firstName));
  const named = new Set<string>();
  for (let i = Math.max(0, at - LOOK_BACK + 1); i <= at; i++) {
    for (const name of outsidersNamed(sentences[i]?.text ?? "", inMeeting)) named.add(name);
  }
  return named.size === 1 ? [...named][0]! : null;
}

/** The task with "him" as the person meant: "Draft the consent request for him" → "…for Hector". */
export function withPersonMeant(task: string, person: string | null): string {
  return person ? task.replace(/\bhim\b/, person) : task;
}
