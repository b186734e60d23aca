// QMSum validation split: meetings as speaker turns, and the "specific" queries with their gold turn spans.
import { readFileSync } from "node:fs";
import type { TranscriptSegment } from "../../src/types";

export interface GoldQuery {
  /** Index of the meeting (line number in the file) the answer comes from. */
  meeting: number;
  query: string;
  /** Inclusive turn ranges that hold the answer. */
  spans: [number, number][];
}

export interface QmsumMeeting {
  segments: TranscriptSegment[];
  queries: GoldQuery[];
}

interface RawMeeting {
  meeting_transcripts: { speaker: string; content: string }[];
  specific_query_list: { query: string; relevant_text_span: [string, string][] }[];
}

export function loadQmsum(path: string): QmsumMeeting[] {
  const lines = readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim());
  return lines.map((line, meeting) => {
    const raw = JSON.parse(line) as RawMeeting;
    // One segment per turn, in order, so a chunk's segmentIndexes are QMSum turn indexes. No times are known.
    const segments = raw.meeting_transcripts.map((t) => ({
      start: null,
      end: null,
      speaker: t.speaker,
      text: t.content,
    }));
    const queries = raw.specific_query_list.map((q) => ({
      meeting,
      query: q.query,
      spans: q.relevant_text_span.map(([a, b]) => [Number(a), Number(b)] as [number, number]),
    }));
    return { segments, queries };
  });
}

/** A chunk answers the query when it comes from the query's meeting and its turns overlap a gold span. */
export function isHit(gold: GoldQuery, meeting: number | undefined, segmentIndexes: unknown): boolean {
  if (meeting !== gold.meeting || !Array.isArray(segmentIndexes)) return false;
  const [first, last] = segmentIndexes as [number, number];
  return gold.spans.some(([a, b]) => first <= b && last >= a);
}
