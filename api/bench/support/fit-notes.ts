// The key-facts figure of the notes with a given set of fact-kinds weights: each meeting of a set summarised in
// process by the local engine (summariseExtractive, as the worker runs it, without the database), its executive
// summary, key points and decisions scored by the set's own rule (set 1: notes-scoring.ts; set 2:
// set2-notes-scoring.ts). The weights are set for the run (setFactKindWeights) and put back after.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { setFactKindWeights } from "@cm/ai/fitting";
import { summariseExtractive } from "@cm/ai/local";
import { readTranscriptFile } from "@cm/ai/transcript";
import { daysBefore, fillPlaceholders, findAdvisorSet, loadAdvisorSet } from "./advisor-set";
import { fillDeep, fillSet2, findSecondSet, loadSecondSet, meetingDay } from "./advisor-set-2";
import { LABEL_RUN_DATE } from "./key-fact-sentences";
import { ROOT } from "./upload-harness";

/** The labelled data `bun run fit` fits on and writes (data, not code: outside ai/src). */
export const FITTED_DATA_DIR = join(import.meta.dir, "..", "fitted-data");

export interface MeetingRun {
  transcriptText: string;
  title: string;
  client: string;
  date: Date;
  /** The set's fact regexes, filled; `pieces` scores one notes item at a time (set 2), else the notes joined. */
  facts: RegExp[];
  pieces: boolean;
}

const regex = (source: string) => new RegExp(source, "i");
const pointText = (point: string | { text: string }) => (typeof point === "string" ? point : point.text);

export function meetingsOf(set: 1 | 2): MeetingRun[] {
  if (set === 1) {
    const dir = findAdvisorSet(ROOT);
    return loadAdvisorSet(dir).truth.map((meta) => {
      const date = daysBefore(LABEL_RUN_DATE, meta.daysAgo);
      return {
        transcriptText: fillPlaceholders(readFileSync(join(dir, meta.file), "utf8"), date),
        title: meta.title,
        client: meta.client,
        date,
        facts: meta.keyFacts.map((fact) => regex(fillPlaceholders(fact.pattern, date))),
        pieces: false,
      };
    });
  }
  const dir = findSecondSet(ROOT);
  const { meetings } = loadSecondSet(dir);
  const dates = Object.fromEntries(meetings.map((m) => [m.key, meetingDay(LABEL_RUN_DATE, m.daysAgo)]));
  return meetings.map((raw) => {
    const date = dates[raw.key]!;
    const meta = fillDeep(raw, date, dates);
    return {
      transcriptText: fillSet2(readFileSync(join(dir, meta.file), "utf8"), date),
      title: meta.title,
      client: meta.client,
      date,
      facts: meta.summaryFacts.map((fact) => regex(fact.re)),
      pieces: true,
    };
  });
}

/** Key facts found in the notes of every meeting of the set, with the fact-kinds weights given. */
export async function keyFactsInNotes(
  set: 1 | 2,
  weights: Record<string, number>,
): Promise<{ found: number; total: number }> {
  const restore = setFactKindWeights(weights);
  try {
    let found = 0;
    let total = 0;
    for (const meeting of meetingsOf(set)) {
      const { transcript } = readTranscriptFile(new TextEncoder().encode(meeting.transcriptText));
      const summary = await summariseExtractive({
        transcript,
        title: meeting.title,
        clientName: meeting.client,
        meetingDate: meeting.date,
      });
      const pieces = [
        summary.executiveSummary,
        ...summary.keyPoints.map(pointText),
        ...(summary.decisions ?? []).map(pointText),
      ];
      const joined = pieces.join("\n");
      total += meeting.facts.length;
      found += meeting.facts.filter((fact) =>
        meeting.pieces ? pieces.some((piece) => fact.test(piece)) : fact.test(joined),
      ).length;
    }
    return { found, total };
  } finally {
    restore();
  }
}
