// A meeting's content cut into chunks to index: transcript turns, the summary as text, the private note.
import { chunkPlainText, chunkTranscript } from "../chunk/chunk-transcript";
import type { ChunkSource } from "../search/answer-store";
import type { GroundedSummary, TranscriptSegment } from "../types";

export interface DraftChunk {
  source: ChunkSource;
  content: string;
  metadata: Record<string, unknown>;
}

/** The stored summary as one text to index: its parts labelled, so a question about decisions finds them. */
export function summaryText(summary: GroundedSummary): string {
  const parts = [summary.executiveSummary];
  if (summary.keyPoints.length) parts.push(`Key points: ${summary.keyPoints.map((point) => point.text).join("; ")}`);
  if (summary.decisions.length) parts.push(`Decisions: ${summary.decisions.map((point) => point.text).join("; ")}`);
  const actions = summary.actionItems;
  if (actions.length) parts.push(`Action items: ${actions.map((a) => `${a.task} (${a.assignee})`).join("; ")}`);
  const next = summary.nextMeeting;
  // A sentence of its own, its label kept: shown among the notes it must still say what the day is.
  const topics = next?.topics.length ? `, to cover ${next.topics.join(", ")}` : "";
  if (next)
    parts.push(`Next meeting: ${next.date ?? "date to be set"}${next.time ? ` at ${next.time}` : ""}${topics}.`);
  return parts.filter(Boolean).join("\n");
}

export async function draftTranscriptChunks(
  segments: TranscriptSegment[],
  base: Record<string, unknown>,
  chunkSize?: number,
): Promise<DraftChunk[]> {
  const pieces = await chunkTranscript(segments, chunkSize === undefined ? {} : { chunkSize });
  // The chunk's place in the transcript (its times, speakers and segments) goes in its metadata.
  return pieces.map(({ content, ...place }) => ({ source: "transcript", content, metadata: { ...base, ...place } }));
}

export async function draftTextChunks(
  source: "summary" | "note",
  text: string,
  base: Record<string, unknown>,
): Promise<DraftChunk[]> {
  if (!text.trim()) return [];
  return (await chunkPlainText(text)).map((content) => ({ source, content, metadata: base }));
}
