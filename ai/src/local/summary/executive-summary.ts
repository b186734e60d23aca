// The executive summary in a few sentences: what the meeting was for (from its title, not who met), what it found
// and settled (the chosen sentences, written as notes), what was decided and what happens next (the decisions, the
// first action items and the next meeting). Plain text, no speaker labels, no quotes.

import { isValid, parseISO } from "date-fns";
import type { ActionItem, NextMeeting } from "../../types";

/** Decisions and next steps told in the summary at most: the lists below it hold the rest. */
const MAX_DECISIONS = 3;
const MAX_STEPS = 2;
// Titles that say nothing about the meeting.
const GENERIC_TITLE = /^(?:meeting|call|untitled(?: meeting)?|new meeting|recording|transcript)$/i;

export interface SummaryParts {
  title: string;
  clientName: string;
  /** The chosen sentences, as notes, in the meeting's order. */
  found: string[];
  decisions: string[];
  actionItems: ActionItem[];
  nextMeeting: NextMeeting | null;
  /** Lower-cased words that keep their capital at the start of a clause: names, and words capitalised mid-sentence. */
  proper: ReadonlySet<string>;
}

/** "Purpose: the retirement income plan." — from the title; a title that says nothing gives the client instead. */
export function describePurpose(title: string, clientName: string): string {
  const clean = title
    .trim()
    .replace(/\s+/g, " ")
    .replace(/(?<![.\s])[.\s]+$/, "");
  if (clean && !GENERIC_TITLE.test(clean)) return `Purpose: ${clean}.`;
  const client = clientName.trim();
  return client ? `Meeting with ${client}.` : "Meeting.";
}

export function composeExecutiveSummary(parts: SummaryParts): string {
  const clause = (text: string) => lowerFirstWord(text.trim().replace(/(?<![.!?;])[.!?;]+$/, ""), parts.proper);
  const decided = parts.decisions.slice(0, MAX_DECISIONS).map(clause);
  // A decision found among the meeting's facts is said once, under "Decided".
  const isDecided = new Set(decided.map((text) => text.toLowerCase()));
  const found = parts.found.filter((text) => !isDecided.has(clause(text).toLowerCase()));
  const sentences = [describePurpose(parts.title, parts.clientName), ...found.map(endSentence)];
  if (decided.length > 0) sentences.push(`Decided: ${decided.join("; ")}.`);
  const steps = parts.actionItems.slice(0, MAX_STEPS).map((item) => step(item, clause));
  const date = parts.nextMeeting?.date ? formatDay(parts.nextMeeting.date) : null;
  if (date) steps.push(`meet again on ${date}`);
  if (steps.length > 0) sentences.push(`Next: ${steps.join("; ")}.`);
  return sentences.join(" ");
}

/** "Walt: send the 1099-R" reads as a label; "Walt to send the 1099-R" as a note. */
function step(item: ActionItem, clause: (text: string) => string): string {
  const task = clause(item.task);
  const who = item.assignee?.trim();
  return who && !/^(?:unassigned|unknown)$/i.test(who) ? `${who.split(" ")[0]} to ${task}` : task;
}

function endSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** "Send the forms" → "send the forms"; "IRA", names and words the meeting capitalises elsewhere keep their capital. */
function lowerFirstWord(text: string, keep: ReadonlySet<string>): string {
  const first = text.split(" ")[0] ?? "";
  return /^\p{Lu}\p{Ll}+$/u.test(first) && !keep.has(first.toLowerCase())
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text;
}

/** "2026-11-10" → "November 10, 2026"; anything else as given. */
function formatDay(iso: string): string {
  const match = /^\d{4}-\d{2}-\d{2}/.exec(iso);
  // date-fns reads "2026-02-30" as no date (Date.UTC rolled it into March).
  const date = match ? parseISO(`${match[0]}T00:00:00Z`) : undefined;
  if (!date || !isValid(date)) return iso;
  return date.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
}
