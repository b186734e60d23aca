// Rule-based action items: commitment phrases ("I'll", "you will need to", "please", "let's ... by") with the
// assignee taken from who speaks and who is addressed.

import type { ActionItem } from "../types";
import type { Sentence } from "./split-sentences";
import { contentTerms } from "./text-tokens";

const MAX_ACTION_ITEMS = 8;

type Assignee = "speaker" | "addressee" | "team";

interface CommitmentRule {
  pattern: RegExp;
  assignee: Assignee;
  /** Weak modals ("I can", "we should") count only with a deadline, or every musing would be a task. */
  weak?: boolean;
}

// Each pattern captures the task in group 1 (or 2), starting at its verb, to the end of the clause: sentences hold
// no line breaks (cleanSpokenText collapses whitespace), so `(.+)` reaches the end and needs no `$`, which made
// every pattern quadratic over repeated phrases on a line that does not end where `.` can reach.
const RULES: CommitmentRule[] = [
  { pattern: /^action items?\s*[:-]\s*(.+)/i, assignee: "team" },
  { pattern: /\b(?:can|could|would|will) you(?: please)?\s+(?!be\b)(.+)/i, assignee: "addressee" },
  {
    pattern:
      /\byou(?:'ll| will)? (?:need to|have to|must|should|want to|are going to)\s+(.+)|\byou(?:'ll| will) (?!be\b)(.+)/i,
    assignee: "addressee",
  },
  { pattern: /\bI(?:'d| would)? (?:suggest|recommend|advise)(?: that)? you\s+(.+)/i, assignee: "addressee" },
  {
    pattern: /^(?:so |and |but |then |ok(?:ay)?,? |also,? |yes,? )*please\s+(?!note\b|bear\b)(.+)/i,
    assignee: "addressee",
  },
  {
    pattern: /\bI(?:'ll| will| shall|'m going to| am going to|'m gonna)\s+(?!be\b|have a\b|think\b|just say\b)(.+)/i,
    assignee: "speaker",
  },
  {
    pattern: /\bI(?: can| need to| have to| should)\s+(?!be\b|see\b|think\b|tell\b)(.+)/i,
    assignee: "speaker",
    weak: true,
  },
  {
    pattern: /\bwe(?:'ll| will)? (?:need to|have to|must|are going to)\s+(.+)|\bwe'll (?!be\b|see\b)(.+)/i,
    assignee: "team",
  },
  { pattern: /\bwe should\s+(.+)/i, assignee: "team", weak: true },
  { pattern: /\bI(?:'d| would)? (?:suggest|recommend)(?: that)? we\s+(.+)/i, assignee: "team" },
];

// "let's ..." only counts with a deadline; "let's start with performance" is not a task.
const LETS = /\blet(?:'s| us)\s+(.+)/i;
const DEADLINE =
  /\b(by|before|on time|until|this (?:week|month|afternoon)|next (?:week|month)|tomorrow|today|tonight|end of)\b/i;
const NAMED_PERSON =
  /\b(\p{Lu}\p{Ll}+(?: \p{Lu}\p{Ll}+)?)(?: will|'ll| is going to| needs to| has to| should)\s+(?!be\b)(.+)/u;
const NOT_A_NAME = new Set(
  "There It That This We You I They He She Which What Who Everything Nothing Something Someone Today Tomorrow And But So Then Also If When That's Yes No".split(
    " ",
  ),
);
const MEETING_TALK =
  /\b(meet again|next meeting|follow[- ]up (?:meeting|call|on)|schedule (?:a|another|our) |reconvene)\b/i;

interface Participants {
  speakers: string[];
}

/** Finds action items in the sentences in meeting order; deduplicated and capped. */
export function extractActionItems(sentences: Sentence[], participants: Participants): ActionItem[] {
  const items: ActionItem[] = [];
  for (const sentence of sentences) {
    if (MEETING_TALK.test(sentence.text)) continue; // the next meeting is reported on its own
    for (const clause of splitClauses(sentence.text)) {
      const item = matchClause(clause, sentence, sentences, participants);
      if (item && !isDuplicate(item, items)) items.push(item);
    }
  }
  return items.slice(0, MAX_ACTION_ITEMS);
}

function splitClauses(text: string): string[] {
  return text
    .split(
      /[;:]\s+|,\s+(?:and|but|so)\s+|(?<!\s)\s+and then\s+|,\s+(?=(?:I'll|I will|you will|you'll|please|can you)\b)/i,
    )
    .map((clause) => clause.trim())
    .filter((clause) => clause.length > 0);
}

function matchClause(
  clause: string,
  sentence: Sentence,
  all: Sentence[],
  participants: Participants,
): ActionItem | null {
  const isQuestion = /\?\s*$/.test(clause);
  // Conditions, open questions and refusals are not commitments.
  if (/^(?:if|when|unless)\b|\bwhether\b|\bwonder\b|\b(?:won't|will not|can't|cannot)\b/i.test(clause)) {
    return null;
  }
  for (const rule of RULES) {
    const match = rule.pattern.exec(clause);
    const task = match?.[1] ?? match?.[2];
    if (!match || !task) continue;
    if (rule.weak && !DEADLINE.test(task)) return null;
    // Questions only count as requests ("can you ..."), not as offers or musings.
    if (isQuestion && rule.assignee !== "addressee") return null;
    const assignee = resolveAssignee(rule.assignee, sentence, all, participants, clause);
    return buildItem(task, assignee, sentence, all, participants);
  }
  if (isQuestion) return null;
  const lets = LETS.exec(clause);
  if (lets?.[1] && DEADLINE.test(lets[1])) return buildItem(lets[1], "Team", sentence, all, participants);
  const named = NAMED_PERSON.exec(clause);
  if (named?.[1] && named[2] && !NOT_A_NAME.has(named[1].split(" ")[0] ?? "")) {
    return buildItem(named[2], fullName(named[1], participants), sentence, all, participants);
  }
  return null;
}

function resolveAssignee(
  kind: Assignee,
  sentence: Sentence,
  all: Sentence[],
  participants: Participants,
  clause: string,
): string {
  if (kind === "team") return "Team";
  if (kind === "speaker") return sentence.speaker ?? "Team";
  return findAddressee(sentence, all, participants, clause) ?? "Team";
}

/** Who "you" is: a participant named in the sentence, the other one of two, or the previous speaker. */
function findAddressee(
  sentence: Sentence,
  all: Sentence[],
  participants: Participants,
  text = sentence.text,
): string | null {
  const others = participants.speakers.filter((name) => name !== sentence.speaker);
  const named = others.find((name) => mentionsName(sentence.text, name) || mentionsName(text, name));
  if (named) return named;
  if (others.length === 1) return others[0] ?? null;
  for (let i = sentence.index - 1; i >= 0; i--) {
    const previous = all[i]?.speaker;
    if (previous && previous !== sentence.speaker) return previous;
  }
  return null;
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

function buildItem(
  rawTask: string,
  assignee: string,
  sentence: Sentence,
  all: Sentence[],
  participants: Participants,
): ActionItem | null {
  const task = cleanTask(rawTask, sentence, all, participants, assignee);
  const terms = contentTerms(task).length;
  // "do that" carries no information; a 30-word clause is a ramble, not a task.
  if (terms < 2 || task.split(" ").length > 20) return null;
  return { task, assignee };
}

/** Rephrases a captured clause as an imperative task and replaces pronouns the reader could not resolve. */
function cleanTask(
  raw: string,
  sentence: Sentence,
  all: Sentence[],
  participants: Participants,
  assignee: string,
): string {
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
  const addressee = findAddressee(sentence, all, participants);
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

function isDuplicate(item: ActionItem, existing: ActionItem[]): boolean {
  const terms = new Set(contentTerms(item.task));
  return existing.some((other) => {
    if (other.assignee !== item.assignee) return false;
    const otherTerms = new Set(contentTerms(other.task));
    let shared = 0;
    for (const term of terms) if (otherTerms.has(term)) shared++;
    return shared / Math.min(terms.size, otherTerms.size) >= 0.75;
  });
}
