// The three advisor sets' meetings with their key facts, dated from a fixed run date so labels never change: what
// the fact-confidence fit (api/bench/fit-facts.ts) learns from and is measured on. Set 1 scores the notes joined
// (its truth's `pattern`), sets 2 and 3 one notes item at a time (their `re`), as the intelligence bench does.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { daysBefore, fillPlaceholders, findAdvisorSet, loadAdvisorSet } from "./advisor-set";
import { fillDeep, fillSet2, findSecondSet, loadSecondSet, meetingDay } from "./advisor-set-2";
import { ROOT } from "./upload-harness";

/** The run date every label is computed from. */
export const LABEL_RUN_DATE = new Date(2026, 10, 25);

export interface LabelledMeeting {
  file: string;
  transcriptText: string;
  title: string;
  client: string;
  date: Date;
  facts: RegExp[];
  /** The decisions the meeting made, where its truth lists them (set 1); a decision fact matching one is right. */
  decisions: RegExp[];
  /** True: a fact must sit in one notes item (sets 2 and 3); false: anywhere in the notes joined (set 1). */
  pieces: boolean;
}

const regex = (source: string) => new RegExp(source, "i");

export function labelledMeetings(set: 1 | 2 | 3): LabelledMeeting[] {
  if (set === 1) {
    const dir = findAdvisorSet(ROOT);
    return loadAdvisorSet(dir).truth.map((meta) => {
      const date = daysBefore(LABEL_RUN_DATE, meta.daysAgo);
      return {
        file: meta.file,
        transcriptText: fillPlaceholders(readFileSync(join(dir, meta.file), "utf8"), date),
        title: meta.title,
        client: meta.client,
        date,
        facts: meta.keyFacts.map((fact) => regex(fillPlaceholders(fact.pattern, date))),
        decisions: meta.decisions.map((d) => regex(fillPlaceholders(d.pattern, date))),
        pieces: false,
      };
    });
  }
  const dir = findSecondSet(ROOT, undefined, set === 2 ? "advisor-meetings-2" : "advisor-meetings-3");
  const { meetings } = loadSecondSet(dir);
  const dates = Object.fromEntries(meetings.map((m) => [m.key, meetingDay(LABEL_RUN_DATE, m.daysAgo)]));
  return meetings.map((raw) => {
    const date = dates[raw.key]!;
    const meta = fillDeep(raw, date, dates);
    return {
      file: meta.file,
      transcriptText: fillSet2(readFileSync(join(dir, meta.file), "utf8"), date),
      title: meta.title,
      client: meta.client,
      date,
      facts: meta.summaryFacts.map((fact) => regex(fact.re)),
      decisions: [],
      pieces: true,
    };
  });
}

/** How many of the meeting's key facts the notes carry, by its set's rule. */
export function factsCarried(meeting: LabelledMeeting, pieces: readonly string[]): number {
  const joined = pieces.join("\n");
  return meeting.facts.filter((fact) => (meeting.pieces ? pieces.some((p) => fact.test(p)) : fact.test(joined))).length;
}
