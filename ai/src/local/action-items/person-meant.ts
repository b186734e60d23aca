// "We work a lot with Owen Threlkeld, he's very good. I'll send him an intro email.": the "him" (or the object "her")
// of a task is the one person named just before who is not in the meeting, and the task list and the e-mail say so
// ("Send Owen an intro email"). Only when exactly one such person was named in the last sentences: with two, or none,
// the pronoun stays. Sentences that go on about "she" or "he" carry the reference further back ("Astrid wanted to
// come. She's in Seattle. She has the twins." … "I'll send her a summary").
// A task that asks a person nothing said, when the meeting named them for a role, asks them to take it
// (withRoleAsked).

import type { Sentence } from "../../language/sentences";
import { isPersonName as lexiconKnowsName, pronounOfName } from "../record/word-kinds";
import { firstName, NOT_A_NAME } from "./names";

/** Sentences, the task's own included, in which the person meant must have been named. */
const LOOK_BACK = 3;
/** Sentences a run of "she"/"he" may carry the reference back, at the most. */
const CHAIN_BACK = 6;
const CAPITALISED = /\p{Lu}\p{Ll}+/gu;
/** "him" anywhere; "her" as an object only: before an article or a clause's end ("send her a copy", "call her."). */
const OBJECT_PRONOUN =
  /\bhim\b|\bher(?=\s+(?:a|an|the|this|that|these|those|some|any|too|back|about|for|to|with|what|whether|if|how|when|why)\b|\s*[,.;!?]|\s*$)/;
const SAID_AGAIN: Record<string, RegExp> = { him: /\b(?:he|him|his)\b/i, her: /\b(?:she|her)\b/i };

/** First names the sentence says of people outside the meeting (the lexicon knows them as names). */
function outsidersNamed(text: string, inMeeting: ReadonlySet<string>): Set<string> {
  const names = new Set<string>();
  for (const [word] of text.matchAll(CAPITALISED)) {
    if (!NOT_A_NAME.has(word) && !inMeeting.has(word) && lexiconKnowsName(word)) names.add(word);
  }
  return names;
}

/** The pronoun of the task that names a person outside the meeting ("him", "her"), or null. */
export const pronounMeant = (task: string): string | null => OBJECT_PRONOUN.exec(task)?.[0] ?? null;

/** The one outsider named in the sentences up to `at`, or null. */
export function personMeant(
  sentences: readonly Sentence[],
  at: number,
  speakers: readonly string[],
  pronoun = "him",
): string | null {
  const inMeeting = new Set(speakers.map(firstName));
  const again = SAID_AGAIN[pronoun] ?? SAID_AGAIN.him!;
  const named = new Set<string>();
  for (let i = at; i >= Math.max(0, at - CHAIN_BACK); i--) {
    // Past the last few sentences, only while the sentence after this one went on about the same person.
    if (i < at - LOOK_BACK + 1 && !again.test(sentences[i + 1]?.text ?? "")) break;
    for (const name of outsidersNamed(sentences[i]?.text ?? "", inMeeting)) named.add(name);
  }
  return named.size === 1 ? [...named][0]! : null;
}

/**
 * The one person of the meeting the task itself names before its pronoun ("open an account for Anjali's fund and
 * send her the link" → Anjali), never the one who does it; null when it names none or several.
 */
export function personNamedBefore(task: string, speakers: readonly string[], doer: string): string | null {
  const inMeeting = new Set(speakers.map(firstName));
  const at = task.search(OBJECT_PRONOUN);
  if (at < 0) return null;
  const before = task.slice(0, at);
  const named = new Set<string>();
  for (const [word] of before.matchAll(CAPITALISED)) {
    if (inMeeting.has(word) && !NOT_A_NAME.has(word) && word !== firstName(doer)) named.add(word);
  }
  return named.size === 1 ? [...named][0]! : null;
}

/**
 * Whom the task's "him" or "her" means: a person of the meeting the task names before it, else the one outsider
 * named just before; never the one who does it ("Jordan will … send her the link"). Null without such a pronoun.
 */
export function personOfPronoun(
  task: string,
  doer: string,
  sentences: readonly Sentence[],
  at: number,
  people: { speakers: readonly string[]; clientName?: string },
): string | null {
  const pronoun = pronounMeant(task);
  if (!pronoun) return null;
  // Without speaker labels, the client's name still says who is in the meeting.
  const inMeeting = [...people.speakers, ...(people.clientName?.split(" ") ?? [])];
  const notMeant = doer ? [...people.speakers, doer] : people.speakers;
  return personNamedBefore(task, inMeeting, doer) ?? personMeant(sentences, at, notMeant, pronoun);
}

/** "so she can sign", "when he can review": the client's part in the firm's papers, after a subject pronoun. */
const SIGNER_PRONOUN = /\b(she|he)(?=\s+(?:can|could|will|would|may|might)\s+(?:sign|initial|review|approve)\b)/i;

/**
 * Whom a task's "she" or "he" who signs or reviews the firm's papers means ("Jordan will put the form with the
 * paperwork so she can sign everything at once"): the one client in the meeting, when the lexicon does not know
 * their first name for the other pronoun. Null otherwise: the pronoun stays.
 */
export function signerOfTask(task: string, speakers: readonly string[], clientName?: string): string | null {
  const pronoun = SIGNER_PRONOUN.exec(task)?.[1]?.toLowerCase();
  if (!pronoun || !clientName) return null;
  const clientWords = new Set(clientName.split(/\s+/));
  const present = speakers.map(firstName).filter((name) => clientWords.has(name));
  if (present.length !== 1) return null;
  const client = present[0]!;
  const known = pronounOfName(client);
  return known === null || known === pronoun ? client : null;
}

/** The task with its subject pronoun as the person meant: "…so she can sign" → "…so Beatriz can sign". */
export function withSubjectMeant(task: string, person: string | null): string {
  return person ? task.replace(SIGNER_PRONOUN, person) : task;
}

/** The task with its pronoun as the person meant: "Draft the consent request for him" → "…for Hector". */
export function withPersonMeant(task: string, person: string | null): string {
  return person ? task.replace(OBJECT_PRONOUN, person) : task;
}

/** "Ask Siobhan this weekend": asking a person, with nothing asked but maybe when. */
const ASKS_ONLY =
  /^[Aa]sk (\p{Lu}\p{Ll}+)(?: \p{Lu}\p{Ll}+)?((?:,? (?:this|next|on|by|tonight|today|tomorrow|before|after)\b.*)?)$/u;

/**
 * A task that asks a person nothing said, when the meeting named that person, and only them, for a role: asking them
 * to take it ("Ask Siobhan this weekend" beside "Backup guardian: Siobhan Kelly" → "Ask Siobhan to be the backup
 * guardian this weekend"). Otherwise the task as it is.
 */
export function withRoleAsked(task: string, roles: readonly { role: string; who: string }[]): string {
  const asked = ASKS_ONLY.exec(task);
  if (!asked) return task;
  const [, name, when] = asked;
  const theirs = roles.filter((r) => r.who.split(/\s+/).includes(name!));
  if (theirs.length !== 1 || theirs[0]!.who.includes(" and ")) return task;
  return `${task.slice(0, 4)}${name} to be the ${theirs[0]!.role}${when}`;
}
