// Who a task is for: the speaker of "I'll…", the person asked ("Tom, can you…", a name said earlier in the same
// turn, the other one of two, the one who answered), the two addressed ("you two"), or the person named.

import { alternation, lexiconRegExp, WEEKDAYS } from "../../language";
import type { Sentence } from "../../language/sentences";
import { firstName, fullName, mentionsName, NOT_A_NAME } from "./names";
import type { Who } from "./recap";
import { ACCEPTS, type Owner } from "./speech-acts.rules";

/** Who is assigned when the transcript names nobody who could be (no speaker labels, nobody addressed). */
export const UNASSIGNED = "Unassigned";

export interface Participants {
  speakers: string[];
  /** The next meeting's day (yyyy-MM-dd), when one was set: what "bring your ID to the signing" is due for. */
  nextMeetingDate?: string | null;
  /** The client as the adviser typed it ("Tom Brennan and Luis Ortiz"): who "you two" are when two speakers are it. */
  clientName?: string;
  /** Due dates are resolved against the meeting date; without one, items carry none. */
  meetingDate?: Date;
}

// "Tom, please send…", "Tom, can you…": the person addressed opens the clause.
const VOCATIVE =
  /^(?:so,? |and,? |okay,? )?(\p{Lu}\p{Ll}+),\s+(?=please\b|can you\b|could you\b|would you\b|will you\b|you'll need\b|you need\b|do you think\b|I'd like you\b|I need you\b)/iu;
// "…, Tom?" or "…, Tom." closing a request.
const CLOSING_VOCATIVE = /,\s+(\p{Lu}\p{Ll}+)[.!?]*$/u;
// Any name said to someone: "Peggy, …", "…, Peggy." (for transcripts without speaker labels, and earlier in a turn).
const OPENING_VOCATIVE = /^(?:(?:[Ss]o|[Aa]nd|[Oo]kay|[Oo]k|[Oo]h|[Ww]ell|[Nn]ow|[Tt]hen),?\s+)*(\p{Lu}\p{Ll}+),\s/u;
// A name after these is whom a thing goes to or is about, not the one asked: "get them to Jordan by Friday".
const NOT_ADDRESSED = /\b(?:to|for|with|from|and|than|tell|ask|call|email|text|send|give|about|by)\s+\p{Lu}\p{Ll}+/gu;

export function buildContext(sentences: Sentence[], participants: Participants, couple: string | null): Context {
  const askedByName = sentences.map((sentence) => {
    const name = OPENING_VOCATIVE.exec(sentence.text)?.[1] ?? CLOSING_VOCATIVE.exec(sentence.text)?.[1];
    return name && !NOT_A_NAME.has(name) && /\?\s*$/.test(sentence.text) ? name : null;
  });
  return {
    participants,
    previousOther: findPreviousOtherSpeakers(sentences),
    lastVocative: findLastVocatives(sentences),
    turnVocative: findTurnVocatives(sentences, participants.speakers),
    schedulingTurn: findSchedulingTurns(sentences),
    askedByName,
    // "Lee, could you…?" "Sure, I'll do that." "I'll have the trust drafted.": once the one asked has said yes, the
    // next "I'll" is someone else's.
    askedJustBefore: sentences.map(
      (_, i) =>
        askedByName[i - 1] ??
        (sentences[i - 1] && ACCEPTS.test(sentences[i - 1]!.text) ? null : askedByName[i - 2]) ??
        null,
    ),
    couple,
    recapSentences: new Set(),
    namedInSentence: new Map(),
    addresseeOfSentence: new Map(),
  };
}

export interface Context {
  participants: Participants;
  /** For each sentence, the nearest earlier speaker other than its own (null when there is none). */
  previousOther: (string | null)[];
  /** For each sentence, the last name said to someone up to it ("Peggy, …"), for transcripts without speakers. */
  lastVocative: (string | null)[];
  /** For each sentence, the speaker its own turn named opening an earlier sentence ("And Walt, for the projections."). */
  turnVocative: (string | null)[];
  /** For each sentence, whether its turn has named a day or a time so far: "we'll…" there is the next meeting's agenda. */
  schedulingTurn: boolean[];
  /** For each sentence, the name it asks a question of ("Devin, do you have…?"), else null. */
  askedByName: (string | null)[];
  /** For each sentence, the name asked in one of the two sentences before it and not yet answered with a yes. */
  askedJustBefore: (string | null)[];
  /** Two speakers who share a family name: who "you two" most likely is. */
  couple: string | null;
  /** The sentences of the meeting's recaps (recap.ts): said to the room, their "you" is the client. */
  recapSentences: ReadonlySet<number>;
  /**
   * Per sentence index, the other speaker its text names (null for none): found once per sentence, since a long
   * sentence holds many clauses and scanning it for each would be quadratic.
   */
  namedInSentence: Map<number, string | null>;
  /** Per sentence index, who "you" is in the whole sentence. */
  addresseeOfSentence: Map<number, string | null>;
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

function findLastVocatives(sentences: Sentence[]): (string | null)[] {
  const out: (string | null)[] = [];
  let last: string | null = null;
  for (const sentence of sentences) {
    const name = OPENING_VOCATIVE.exec(sentence.text)?.[1] ?? CLOSING_VOCATIVE.exec(sentence.text)?.[1];
    if (name && !NOT_A_NAME.has(name)) last = name;
    out.push(last);
  }
  return out;
}

export function resolveWho(who: Who, sentence: Sentence, context: Context, lastPair: string | null): string {
  switch (who.kind) {
    case "speaker":
      return sentence.speaker ?? UNASSIGNED;
    case "named":
      return who.name;
    case "pair":
      // Who "you two" are, or nobody: a guess from the last speaker would give a client's task to an adviser.
      return context.couple ?? lastPair ?? UNASSIGNED;
    default:
      return findAddressee(sentence, context) ?? UNASSIGNED;
  }
}

export function resolveAssignee(kind: Owner, sentence: Sentence, context: Context, clause: string): string {
  // Without speaker labels, "I'll send it tonight" right after "Devin, do you have…?" is Devin's answer.
  if (kind === "speaker") return sentence.speaker ?? context.askedJustBefore[sentence.index] ?? UNASSIGNED;
  if (kind === "pair") return resolveWho({ kind: "pair" }, sentence, context, null);
  return findAddressee(sentence, context, clause) ?? UNASSIGNED;
}

/**
 * Who "you" is: the person the clause addresses by name ("Tom, please…", "…, Tom?"), a participant named in the
 * sentence, the other one of two, the previous speaker, or (without speaker labels) the last name said to someone.
 */
export function findAddressee(sentence: Sentence, context: Context, text = sentence.text): string | null {
  // Found once per sentence: a long sentence holds many clauses, and reading it whole for each was quadratic.
  if (text !== sentence.text) return addresseeIn(sentence, context, text);
  let found = context.addresseeOfSentence.get(sentence.index);
  if (found === undefined) {
    found = addresseeIn(sentence, context, text);
    context.addresseeOfSentence.set(sentence.index, found);
  }
  return found;
}

function addresseeIn(sentence: Sentence, context: Context, text: string): string | null {
  const { participants } = context;
  const vocative = VOCATIVE.exec(text)?.[1] ?? CLOSING_VOCATIVE.exec(text)?.[1];
  if (vocative && !NOT_A_NAME.has(vocative) && vocative !== firstName(sentence.speaker ?? "")) {
    return fullName(vocative, participants.speakers);
  }
  const turn = context.turnVocative[sentence.index];
  if (turn && turn !== sentence.speaker) return turn;
  const others = participants.speakers.filter((name) => name !== sentence.speaker);
  const named =
    (text === sentence.text ? undefined : others.find((name) => mentionsName(addressable(text), name))) ??
    namedIn(sentence, context, others);
  if (named) return named;
  if (others.length === 1) return others[0] ?? null;
  // "For me: I'll send you the instructions", in a recap said to the room: "you" is the client, not the colleague
  // who spoke last.
  const client = context.recapSentences.has(sentence.index) ? clientAmong(others, context) : null;
  if (client) return client;
  const previous = context.previousOther[sentence.index] ?? null;
  if (previous) return previous;
  return participants.speakers.length === 0 ? (context.lastVocative[sentence.index] ?? null) : null;
}

/**
 * Who "you" is in a recap line that names the one doing the task ("Ruth will tell Gideon you're ready", said by a
 * colleague to the room): not the person named in the third person, but the client; null when that is no one.
 */
export function recapYou(sentence: Sentence, context: Context, assignee: string): string | null {
  if (!context.recapSentences.has(sentence.index) || !mentionsName(sentence.text, assignee)) return null;
  const others = context.participants.speakers.filter((name) => name !== sentence.speaker && name !== assignee);
  return clientAmong(others, context);
}

/**
 * True when who "you" is may be written by name: it was said (a name said to them in the sentence or its turn, the
 * only other speaker, the client in a recap said to the room), or the one guessed is the client's own. A guessed
 * colleague may be someone "you" is not ("I'll model it against your cash flow", said after the advisor spoke).
 */
export function addresseeIsSure(sentence: Sentence, context: Context, addressee: string | null): boolean {
  const client = context.participants.clientName;
  if (addressee && client && addressee.split(" and ").every((one) => mentionsName(client, one))) return true;
  const vocative = VOCATIVE.exec(sentence.text)?.[1] ?? CLOSING_VOCATIVE.exec(sentence.text)?.[1];
  if (vocative && !NOT_A_NAME.has(vocative) && vocative !== firstName(sentence.speaker ?? "")) return true;
  const turn = context.turnVocative[sentence.index];
  if (turn && turn !== sentence.speaker) return true;
  const others = context.participants.speakers.filter((name) => name !== sentence.speaker);
  return others.length === 1 || (context.recapSentences.has(sentence.index) && clientAmong(others, context) !== null);
}

/**
 * The client among the speakers: the one the client's name names by first name, or the couple when both are; else
 * the family who spoke for it ("Estate of Arthur Vance": Lena Vance, or Lena and Paul Vance).
 */
function clientAmong(speakers: string[], context: Context): string | null {
  const client = context.participants.clientName;
  if (!client) return null;
  const named = speakers.filter((name) => mentionsName(client, name));
  if (named.length > 0) return named.length === 1 ? named[0]! : named.length === 2 ? context.couple : null;
  const family = speakers.filter((name) =>
    name
      .split(" ")
      .slice(1)
      .some((word) => word.length > 2 && mentionsName(client, word)),
  );
  return family.length === 1 ? family[0]! : family.length === 2 ? (context.couple ?? family.join(" and ")) : null;
}

function namedIn(sentence: Sentence, context: Context, others: string[]): string | undefined {
  let named = context.namedInSentence.get(sentence.index);
  if (named === undefined) {
    const text = addressable(sentence.text);
    named = others.find((name) => mentionsName(text, name)) ?? null;
    context.namedInSentence.set(sentence.index, named);
  }
  return named ?? undefined;
}

/** Per sentence, a speaker addressed by name opening an earlier sentence of the same turn (one pass). */
function findTurnVocatives(sentences: Sentence[], speakers: string[]): (string | null)[] {
  const out: (string | null)[] = [];
  let current: string | null = null;
  let previousSpeaker: string | null | undefined;
  for (const sentence of sentences) {
    if (sentence.speaker !== previousSpeaker) current = null;
    previousSpeaker = sentence.speaker;
    out.push(current);
    const name = OPENING_VOCATIVE.exec(sentence.text)?.[1];
    if (name && !NOT_A_NAME.has(name) && name !== firstName(sentence.speaker ?? "")) {
      const person = fullName(name, speakers);
      if (speakers.includes(person)) current = person;
    }
  }
  return out;
}

/** The text without the names things go to or are about: who is left may be the one asked. */
function addressable(text: string): string {
  return text.replace(NOT_ADDRESSED, " ");
}

// A day or a clock time said in a turn: the turn is setting the next meeting.
const NAMES_A_DAY = lexiconRegExp(
  `\\b${alternation(WEEKDAYS)}\\b|\\b\\d{1,2}(?::\\d\\d)?\\s?(?:a\\.?m\\b|p\\.?m\\b)|\\bo'clock\\b`,
  "i",
);

/** Per sentence, whether it or an earlier sentence of its turn names a day or a time (one pass). */
function findSchedulingTurns(sentences: Sentence[]): boolean[] {
  const out: boolean[] = [];
  let current = false;
  let previousSpeaker: string | null | undefined;
  for (const sentence of sentences) {
    if (sentence.speaker !== previousSpeaker || sentence.speaker === null) current = false;
    previousSpeaker = sentence.speaker;
    current = current || NAMES_A_DAY.test(sentence.text);
    out.push(current);
  }
  return out;
}

/** Whether the sentence (or its turn before it) says the name of the one it asks: "Jordan, could you…". */
export function addressedByName(sentence: Sentence, context: Context): boolean {
  const name = VOCATIVE.exec(sentence.text)?.[1] ?? CLOSING_VOCATIVE.exec(sentence.text)?.[1];
  return (name !== undefined && !NOT_A_NAME.has(name)) || context.turnVocative[sentence.index] !== null;
}
