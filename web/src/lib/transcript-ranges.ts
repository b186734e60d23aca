import type { FindAnswer, MeetingDetail, SegmentRangeAnswer, TextRangeAnswer } from "@cm/api/models";
import { fetchJson } from "./api-request";

type Transcript = NonNullable<MeetingDetail["transcript"]>;

/** Segments of a meeting from index `from` (up to `to`); the answer's `to` says where the next range starts. */
export function fetchSegmentRange(meetingId: number, from: number, to?: number) {
  const end = to === undefined ? "" : `&to=${to}`;
  return fetchJson<SegmentRangeAnswer>(`/api/meetings/${meetingId}/transcript?from=${from}${end}`);
}

/** Indexes of the segments holding `query` anywhere in the transcript (the server searches all of it). */
export function findInTranscript(meetingId: number, query: string) {
  return fetchJson<FindAnswer>(`/api/meetings/${meetingId}/transcript/find?q=${encodeURIComponent(query)}`);
}

/** The transcript's opening holds all of its text (the server counts code points, as the spread does). */
function holdsWholeText(transcript: Transcript): boolean {
  return [...transcript.fullText].length >= transcript.fullTextLength;
}

/** The whole text: the opening when it is all, otherwise read range after range (each a bounded answer). */
export async function fetchWholeText(meetingId: number, transcript: Transcript): Promise<string> {
  if (holdsWholeText(transcript)) return transcript.fullText;
  const parts: string[] = [];
  let from = 0;
  for (;;) {
    const range = await fetchJson<TextRangeAnswer>(`/api/meetings/${meetingId}/transcript/text?from=${from}`);
    parts.push(range.text);
    // A range that moved nothing ends the loop too, so a changed transcript cannot keep it going.
    if (range.to >= range.total || range.to <= from) return parts.join("");
    from = range.to;
  }
}
