import type { Sql } from "../client";
import { decodePoints, listSummaryOf } from "./summaries";

// A renamed speaker in what the summary wrote about them: "Speaker 2 will send the forms" becomes "Dana Whitfield will
// send the forms" in the executive summary and the key points (action-item assignees follow in ./action-items.ts).

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * `text` with every whole-word `from` made `to`: "Speaker 1" is not a part of "Speaker 10", and where the text says
 * `to` already ("Dana Whitfield" when "Dana" becomes "Dana Whitfield") it is left alone. One pass of a literal
 * pattern: linear in the text.
 */
export function replaceSpeakerName(text: string, from: string, to: string): string {
  if (!from || !text.includes(from)) return text;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(from)}(?![\\p{L}\\p{N}])`, "gu");
  return text.replace(pattern, (match, offset: number) => (text.startsWith(to, offset) ? match : to));
}

/** Renames the speaker in the meeting's stored summary, in the caller's transaction; true when anything changed. */
export async function renameSpeakerInSummary(tx: Sql, meetingId: number, from: string, to: string): Promise<boolean> {
  const [row] = await tx<{ executiveSummary: string; keyPoints: unknown }[]>`
    select executive_summary as "executiveSummary", key_points as "keyPoints" from summaries
    where meeting_id = ${meetingId} for update`;
  if (!row) return false;
  const summary = replaceSpeakerName(row.executiveSummary, from, to);
  const before = decodePoints(row.keyPoints);
  const keyPoints = before.map((point) => ({ ...point, text: replaceSpeakerName(point.text, from, to) }));
  const changed = summary !== row.executiveSummary || keyPoints.some((point, i) => point.text !== before[i]!.text);
  if (!changed) return false;
  await tx`update summaries set executive_summary = ${summary}, list_summary = ${listSummaryOf(summary)},
      key_points = ${tx.json(keyPoints as never)}
    where meeting_id = ${meetingId}`;
  return true;
}
