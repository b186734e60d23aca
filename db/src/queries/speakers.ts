import type { Sql } from "../client";
import { renameActionItemAssignee } from "./action-items";
import { findTranscript, upsertTranscript } from "./meeting-content";
import { keepTranscriptVersions } from "./record-versions";
import { renameSpeakerInSummary } from "./speaker-in-summary";

// The speakers of a meeting's transcript and their renaming ("Speaker 1" becomes "Dana Whitfield"): the transcript's
// segments and text, the action items' assignees and the name in the summary change together, in the caller's
// transaction.

interface StoredSegment {
  speaker?: unknown;
  [key: string]: unknown;
}

/** The distinct speakers of a transcript's segments, in order of first appearance. */
export function speakersOf(segments: unknown[]): string[] {
  const found = new Set<string>();
  for (const segment of segments as StoredSegment[]) {
    if (typeof segment?.speaker === "string" && segment.speaker.trim()) found.add(segment.speaker);
  }
  return [...found];
}

/** The transcript text with each line's "from: " prefix made "to: " (how segments are written as text). */
function renameInFullText(fullText: string, from: string, to: string): string {
  const prefix = `${from}:`;
  return fullText
    .split("\n")
    .map((line) => (line.startsWith(prefix) ? `${to}:${line.slice(prefix.length)}` : line))
    .join("\n");
}

export type RenameSpeakerResult =
  | { outcome: "not_found" }
  | { outcome: "processing" }
  | { outcome: "unknown_speaker"; speakers: string[] }
  | { outcome: "renamed"; segments: number; actionItems: number; summary: boolean; speakers: string[] };

/**
 * Renames a speaker throughout one of the user's meetings, in the caller's transaction (`tx`): the meeting row is
 * locked, so a processing job cannot write its transcript in between, and a meeting being processed is refused.
 */
export async function renameSpeaker(
  tx: Sql,
  { userId, meetingId, from, to }: { userId: number; meetingId: number; from: string; to: string },
): Promise<RenameSpeakerResult> {
  const [meeting] = await tx<{ status: string }[]>`
    select status from meetings where id = ${meetingId} and user_id = ${userId} for update`;
  if (!meeting) return { outcome: "not_found" };
  if (meeting.status === "Processing") return { outcome: "processing" };
  const transcript = await findTranscript(tx, meetingId);
  const segments = transcript?.segments ?? [];
  const speakers = speakersOf(segments);
  if (!speakers.includes(from)) return { outcome: "unknown_speaker", speakers };
  let renamed = 0;
  const updated = (segments as StoredSegment[]).map((segment) => {
    if (segment?.speaker !== from) return segment;
    renamed++;
    return { ...segment, speaker: to };
  });
  const fullText = renameInFullText(transcript!.fullText, from, to);
  // The text before and after are versions of the transcript (migration 039): the transcriber's is never lost.
  await keepTranscriptVersions(tx, { id: meetingId, userId }, transcript!.fullText, fullText);
  await upsertTranscript(tx, {
    meetingId,
    fullText,
    segments: updated,
    engine: transcript!.engine,
  });
  const actionItems = await renameActionItemAssignee(tx, meetingId, from, to);
  const summary = await renameSpeakerInSummary(tx, meetingId, from, to);
  return { outcome: "renamed", segments: renamed, actionItems, summary, speakers: speakersOf(updated) };
}
