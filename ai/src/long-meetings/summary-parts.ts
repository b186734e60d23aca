// A very long meeting's summary made in parts (issue 27, fair by work): the transcript is cut at segment boundaries
// into parts of at most PART_CHARACTERS, each part is summarised as one bounded step of a job, and the parts' drafts
// are merged. A meeting under one part (every meeting of a few hours) is summarised whole, as before.

import { MAX_KEY_POINTS } from "../local/record/write-notes";
import type { ActionItem, DraftPoint, MeetingSummary, NextMeeting, TranscriptSegment } from "../types";

/** About three hours of talk: its local summary takes a second or two of a core, one step of a job. */
export const PART_CHARACTERS = 250_000;

export interface TranscriptPart {
  /** Index of the part's first segment in the whole transcript. */
  firstSegment: number;
  segments: TranscriptSegment[];
}

/** Consecutive parts of at most `maxCharacters` (a segment longer than that is a part alone), in one pass. */
export function splitIntoParts(segments: TranscriptSegment[], maxCharacters = PART_CHARACTERS): TranscriptPart[] {
  const parts: TranscriptPart[] = [];
  let current: TranscriptPart | undefined;
  let size = 0;
  segments.forEach((segment, index) => {
    const length = segment.text.length + (segment.speaker?.length ?? 0) + 2;
    if (!current || (size + length > maxCharacters && current.segments.length > 0)) {
      current = { firstSegment: index, segments: [] };
      parts.push(current);
      size = 0;
    }
    current.segments.push(segment);
    size += length;
  });
  return parts;
}

/** A part's draft with its evidence moved from the part's segment indexes to the whole transcript's. */
export function onWholeTranscript(draft: MeetingSummary, firstSegment: number): MeetingSummary {
  const shift = <T extends { evidence?: number[] }>(item: T): T =>
    item.evidence ? { ...item, evidence: item.evidence.map((i) => i + firstSegment) } : item;
  const shiftPoint = (point: DraftPoint): DraftPoint => (typeof point === "string" ? point : shift(point));
  return {
    executiveSummary: draft.executiveSummary,
    keyPoints: draft.keyPoints.map(shiftPoint),
    ...(draft.decisions ? { decisions: draft.decisions.map(shiftPoint) } : {}),
    actionItems: draft.actionItems.map(shift),
    nextMeeting: draft.nextMeeting ? shift(draft.nextMeeting) : null,
  };
}

/** Decisions a merged summary keeps at most; its key points, as many as a whole meeting's summary keeps. */
const MAX_DECISIONS = 12;
/** The merged executive summary's word budget: the longest a whole meeting's gets. */
const SUMMARY_WORDS = 150;

const pointText = (point: DraftPoint) => (typeof point === "string" ? point : point.text);
const sameText = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();

/**
 * The parts' drafts merged in meeting order: the first part's opening, then each part's first sentences within the
 * word budget; key points taken in turn from each part; every decision and task once; the last next meeting said.
 */
export function mergePartSummaries(drafts: MeetingSummary[]): MeetingSummary {
  return {
    executiveSummary: mergeExecutiveSummaries(drafts.map((d) => d.executiveSummary)),
    keyPoints: takeInTurn(
      drafts.map((d) => d.keyPoints),
      MAX_KEY_POINTS,
    ),
    decisions: uniqueBy(
      drafts.flatMap((d) => d.decisions ?? []),
      pointText,
    ).slice(0, MAX_DECISIONS),
    actionItems: uniqueBy(
      drafts.flatMap((d) => d.actionItems),
      (item: ActionItem) => `${item.assignee}|${item.task}`,
    ),
    nextMeeting: drafts.reduce<NextMeeting | null>((last, d) => d.nextMeeting ?? last, null),
  };
}

function mergeExecutiveSummaries(summaries: string[]): string {
  const sentencesOf = (text: string) => text.split(/(?<=[.!?])\s+/).filter((s) => s.trim() !== "");
  const perPart = summaries.map(sentencesOf);
  const chosen: string[] = [];
  let words = 0;
  // Round by round: every part's first sentence before any part's second, until the budget is spent.
  for (let round = 0; words < SUMMARY_WORDS; round++) {
    let added = false;
    for (const sentences of perPart) {
      const sentence = sentences[round];
      if (!sentence) continue;
      added = true;
      if (chosen.some((c) => sameText(c) === sameText(sentence))) continue;
      const count = sentence.split(/\s+/).length;
      if (words > 0 && words + count > SUMMARY_WORDS) return chosen.join(" ");
      chosen.push(sentence);
      words += count;
    }
    if (!added) break;
  }
  return chosen.join(" ");
}

function takeInTurn(lists: DraftPoint[][], max: number): DraftPoint[] {
  const taken: DraftPoint[] = [];
  const seen = new Set<string>();
  for (let round = 0; taken.length < max; round++) {
    let any = false;
    for (const list of lists) {
      const point = list[round];
      if (point === undefined) continue;
      any = true;
      const key = sameText(pointText(point));
      if (seen.has(key) || taken.length >= max) continue;
      seen.add(key);
      taken.push(point);
    }
    if (!any) break;
  }
  return taken;
}

function uniqueBy<T>(items: T[], keyOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = sameText(keyOf(item));
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
