// Runs the action-item extractor on short scripted lines, as the summariser does: split into sentences, speakers
// taken from the lines (or none), items resolved against a fixed meeting date.

import { splitSegmentsIntoSentences } from "../src/language/sentences";
import { extractActionItems } from "../src/local/extract-action-items";
import type { ActionItem } from "../src/types";

export const MEETING_DAY = new Date(2025, 8, 10, 14); // Wednesday 10 September 2025

export function itemsFromLines(lines: [speaker: string | null, text: string][]): ActionItem[] {
  const sentences = splitSegmentsIntoSentences(
    lines.map(([speaker, text], i) => ({ speaker, text, start: i * 5, end: i * 5 + 4 })),
  );
  const speakers = [...new Set(sentences.flatMap((s) => (s.speaker ? [s.speaker] : [])))];
  return extractActionItems(sentences, { speakers, meetingDate: MEETING_DAY });
}
