// Runs the action-item extractor on short scripted lines, as the summariser does: split into sentences, speakers
// taken from the lines (or none), items resolved against a fixed meeting date. Every candidate the reader finds is
// kept (EVERY_CANDIDATE): these tests are of the reading, not of the fitted confidence (confidence.test.ts).
import { splitSegmentsIntoSentences } from "../src/language/sentences";
import { EVERY_CANDIDATE } from "../src/local/action-items/features";
import { extractActionItems } from "../src/local/extract-action-items";
import { loadWordKinds } from "../src/local/record/word-kinds";
import type { ActionItem } from "../src/types";

// The reader asks the lexicon whether a word is a name; a test file run first in its worker must not find it unloaded.
await loadWordKinds();

export const MEETING_DAY = new Date(2025, 8, 10, 14); // Wednesday 10 September 2025

export function itemsFromLines(lines: [speaker: string | null, text: string][], clientName?: string): ActionItem[] {
  const sentences = splitSegmentsIntoSentences(
    lines.map(([speaker, text], i) => ({ speaker, text, start: i * 5, end: i * 5 + 4 })),
  );
  const speakers = [...new Set(sentences.flatMap((s) => (s.speaker ? [s.speaker] : [])))];
  return extractActionItems(
    sentences,
    { speakers, meetingDate: MEETING_DAY, ...(clientName ? { clientName } : {}) },
    EVERY_CANDIDATE,
  );
}
