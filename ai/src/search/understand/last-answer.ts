// What the conversation's last answer gives a follow-up: the meetings it cited and the names its finding gave.
import { namesIn } from "./names-in-text";
import type { HistoryMessage } from "./understand-question";

/** The meetings the conversation's last answer cited (its links), which "she", "that meeting" and "them" refer to. */
export function meetingsOfLastAnswer(history: readonly HistoryMessage[]): number[] {
  const last = history.findLast((m) => m.role === "assistant");
  if (!last) return [];
  const ids: number[] = [];
  for (const match of last.content.matchAll(/\/meetings\/(\d{1,12})/g)) {
    const id = Number(match[1]);
    if (!ids.includes(id) && ids.length < 10) ids.push(id);
  }
  return ids;
}

/**
 * The names in the last answer's finding (its first line, before who said it), lower case: "**Carmen as guardian,
 * Patrick as trustee.** — Meeting summary, …" → carmen, patrick.
 */
export function namesOfLastFinding(history: readonly HistoryMessage[]): string[] {
  const last = history.findLast((m) => m.role === "assistant")?.content ?? "";
  const firstLine = last.slice(0, 2000).split("\n", 1)[0] ?? "";
  const finding = firstLine.split(" — ", 1)[0]!.replace(/\*\*/g, "").replace(/\\/g, "");
  // namesIn skips a question's first word; the finding's first word may be a name.
  return namesIn(`. ${finding}`);
}

/** "that meeting", "the same call": the meeting the last answer was about. */
export const THAT_MEETING = /\b(?:that|this|the\s+same)\s+(?:meeting|call|session|conversation)\b/i;
