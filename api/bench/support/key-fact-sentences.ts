// Labelled sentences for fitting the key-fact weights, derived from the truth files of both advisor sets: each
// transcript sentence, with the text the notes engine would weigh for it, is a positive when it carries a truth key
// fact by the set's own matching rule (set 1: a key fact's `pattern`; set 2: a summary fact's `re`; both JavaScript
// sources, case-insensitive), tried on the sentence as said and as the notes would write it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { keyFactFeatures } from "@cm/ai/fitting";
import { splitSegmentsIntoSentences } from "@cm/ai/language";
import { readTranscriptFile } from "@cm/ai/transcript";
import { daysBefore, fillPlaceholders, loadAdvisorSet } from "./advisor-set";
import { fillDeep, fillSet2, loadSecondSet, meetingDay } from "./advisor-set-2";

/** A fixed run date, so the dates written into the transcripts (and the labels that name one) never change. */
export const LABEL_RUN_DATE = new Date(2026, 10, 25);

export interface LabelledSentence {
  set: 1 | 2;
  /** The meeting's transcript file. */
  meeting: string;
  /** The sentence's position in its meeting. */
  index: number;
  /** The sentence as said (cleaned of fillers). */
  text: string;
  /** What the notes would weigh: the sentence as written, or a bare answer quoted with its question. */
  weighed: string;
  /** 1 when the sentence carries a truth key fact. */
  label: 0 | 1;
  /** Which of its meeting's truth facts it carries (their positions in the truth file). */
  carries: number[];
  /** Facts the sentence states as the notes count them (fact-signals.ts's countFacts). */
  facts: number;
  /** It states a fact or writes a figure: a key-point candidate whose weight the fact-kinds table sets. */
  figured: boolean;
  /** 1 for each rule of the fact-kinds table that matches the weighed text, by rule id. */
  rules: Record<string, 0 | 1>;
}

interface MeetingToLabel {
  set: 1 | 2;
  file: string;
  transcriptText: string;
  /** The set's regexes for this meeting's key facts, filled for the meeting's date. */
  factPatterns: RegExp[];
}

function labelMeeting(meeting: MeetingToLabel): LabelledSentence[] {
  const { transcript } = readTranscriptFile(new TextEncoder().encode(meeting.transcriptText));
  const sentences = splitSegmentsIntoSentences(transcript.segments);
  const out: LabelledSentence[] = [];
  for (const sentence of sentences) {
    const features = keyFactFeatures(sentence, sentences);
    if (!features) continue;
    const carries = meeting.factPatterns.flatMap((pattern, i) =>
      pattern.test(sentence.text) || pattern.test(features.written) ? [i] : [],
    );
    out.push({
      set: meeting.set,
      meeting: meeting.file,
      index: sentence.index,
      text: sentence.text,
      weighed: features.weighed,
      label: carries.length > 0 ? 1 : 0,
      carries,
      facts: features.facts,
      figured: features.figured,
      rules: features.rules,
    });
  }
  return out;
}

const regex = (source: string) => new RegExp(source, "i");

/** Set 1 (advisor-meetings): a key fact's `pattern`, filled for the meeting's date. */
export function labelFirstSet(dir: string, today = LABEL_RUN_DATE): LabelledSentence[] {
  const { truth } = loadAdvisorSet(dir);
  return truth.flatMap((meta) => {
    const date = daysBefore(today, meta.daysAgo);
    return labelMeeting({
      set: 1,
      file: meta.file,
      transcriptText: fillPlaceholders(readFileSync(join(dir, meta.file), "utf8"), date),
      factPatterns: meta.keyFacts.map((fact) => regex(fillPlaceholders(fact.pattern, date))),
    });
  });
}

/** Set 2 (advisor-meetings-2): a summary fact's `re`, filled for the meeting's date. */
export function labelSecondSet(dir: string, today = LABEL_RUN_DATE): LabelledSentence[] {
  const { meetings } = loadSecondSet(dir);
  const dates = Object.fromEntries(meetings.map((m) => [m.key, meetingDay(today, m.daysAgo)]));
  return meetings.flatMap((raw) => {
    const date = dates[raw.key]!;
    const meta = fillDeep(raw, date, dates);
    return labelMeeting({
      set: 2,
      file: meta.file,
      transcriptText: fillSet2(readFileSync(join(dir, meta.file), "utf8"), date),
      factPatterns: meta.summaryFacts.map((fact) => regex(fact.re)),
    });
  });
}
