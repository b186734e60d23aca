// The one rule for how much of the earlier conversation a question is read with: the newest turns, each clipped to
// its beginning, older ones dropped past a total. Retrieval (the follow-up's search text, the question's embedding)
// and the chat model's prompt both go through it, so a client that sends a huge conversationHistory costs no more
// than one that sends a normal one.

import type { HistoryMessage } from "./understand-question";

export interface HistoryLimits {
  /** Turns kept at most, newest first. */
  turns: number;
  /** Characters of one turn at most (its beginning is kept). */
  turnChars: number;
  /** Characters of all kept turns together at most. */
  totalChars: number;
}

/**
 * What a question is answered with: 20 turns (ten exchanges, enough for "and the one before that?" chains) of at
 * most 2,000 characters, 12,000 in all. The search text of a follow-up is then at most one earlier question
 * (2,000 characters) plus the question itself.
 */
export const HISTORY_LIMITS: HistoryLimits = { turns: 20, turnChars: 2_000, totalChars: 12_000 };

/** A turn shorter than this says nothing useful; the clipping stops instead of keeping a fragment. */
const MIN_TURN_CHARS = 80;

/** At most `max` characters, the beginning kept, marked "…" where cut. */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, Math.max(0, max - 1)).trimEnd()}…`;
}

/** The newest turns within `limits`, oldest first, each trimmed and clipped; empty turns are skipped. */
export function clipHistory(history: readonly HistoryMessage[], limits: HistoryLimits = HISTORY_LIMITS) {
  const kept: HistoryMessage[] = [];
  let left = limits.totalChars;
  for (let i = history.length - 1; i >= 0 && kept.length < limits.turns; i--) {
    const turn = history[i]!;
    // Only the part that can be kept is trimmed: a 20,000-character turn costs no more than a short one.
    const content = turn.content.slice(0, limits.turnChars + MIN_TURN_CHARS).trim();
    if (!content) continue;
    const room = Math.min(limits.turnChars, left);
    if (room < Math.min(MIN_TURN_CHARS, content.length)) break;
    const clipped = clipText(content, room);
    kept.push({ role: turn.role, content: clipped });
    left -= clipped.length;
  }
  return kept.reverse();
}
