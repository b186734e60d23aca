// QMSum validation meetings that carry a "summarize the whole meeting" query, with its gold answer.
import { readFileSync } from "node:fs";
import type { TranscriptSegment } from "../../src/types";

export interface SummaryCase {
  meeting: number;
  segments: TranscriptSegment[];
  reference: string;
}

interface RawMeeting {
  meeting_transcripts: { speaker: string; content: string }[];
  general_query_list: { query: string; answer: string }[];
}

const WHOLE_MEETING = /^summari[sz]e the (?:whole )?meeting\b/i;

export function loadSummaryCases(path: string): SummaryCase[] {
  const cases: SummaryCase[] = [];
  readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .forEach((line, meeting) => {
      const raw = JSON.parse(line) as RawMeeting;
      const gold = raw.general_query_list.find((q) => WHOLE_MEETING.test(q.query.trim()));
      if (!gold) return;
      const segments = raw.meeting_transcripts.map((t) => ({
        start: null,
        end: null,
        speaker: t.speaker,
        text: t.content,
      }));
      cases.push({ meeting, segments, reference: gold.answer });
    });
  return cases;
}
