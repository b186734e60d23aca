// The three advisor sets' meetings as the action-item reader sees them, in process (no server, no database): each
// transcript read and split as the local engine does, from a fixed run date, with its truth and the bench's own
// scorer. For the fitting script (fit-action-items.ts): a candidate's label is whether the bench would count it right
// (set 1: notes-scoring.ts, a truth item or an acceptable one; sets 2 and 3: set2-notes-scoring.ts, an action item or
// an optional one), and a list of items is scored as the bench scores it (precision and recall with the right owner).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ActionItem } from "@cm/ai";
import { splitSegmentsIntoSentences } from "@cm/ai/language";
import { findNextMeeting } from "@cm/ai/local";
import { readTranscriptFile } from "@cm/ai/transcript";
import { daysBefore, fillPlaceholders, findAdvisorSet, loadAdvisorSet, type TruthMeeting } from "./advisor-set";
import { fillDeep, fillSet2, findSecondSet, loadSecondSet, meetingDay, type Set2Meeting } from "./advisor-set-2";
import { LABEL_RUN_DATE } from "./labelled-meetings";
import { contentWords, isSameAssignee, overlap, scoreMeeting, TASK_OVERLAP } from "./notes-scoring";
import { matchesItem, scoreSet2Meeting } from "./set2-notes-scoring";
import { ROOT } from "./upload-harness";

export type SetNumber = 1 | 2 | 3;
export const SET_NUMBERS: readonly SetNumber[] = [1, 2, 3];

type Sentences = ReturnType<typeof splitSegmentsIntoSentences>;

export interface ItemMeeting {
  set: SetNumber;
  file: string;
  sentences: Sentences;
  participants: { speakers: string[]; meetingDate: Date; clientName: string; nextMeetingDate: string | null };
  /** Whether the bench counts the item right (precision's numerator). */
  isRight: (item: ActionItem) => boolean;
  /** The bench's counts for a list of items: right ones, truth items matched one-to-one, listed, truth items. */
  score: (items: ActionItem[]) => { right: number; matched: number; predicted: number; truth: number };
}

const regex = (source: string) => new RegExp(source, "i");

function read(text: string, meetingDate: Date, client: string) {
  const { transcript } = readTranscriptFile(new TextEncoder().encode(text));
  const spoken = transcript.segments.filter((segment) => segment.text.trim().length > 0);
  const sentences = splitSegmentsIntoSentences(spoken);
  const speakers = [...new Set(sentences.map((s) => s.speaker).filter((s): s is string => s !== null))];
  const next = findNextMeeting(sentences, meetingDate);
  return {
    sentences,
    participants: { speakers, meetingDate, clientName: client, nextMeetingDate: next?.date ?? null },
  };
}

const summaryOf = (items: ActionItem[]) => ({
  executiveSummary: "",
  keyPoints: [],
  decisions: [],
  actionItems: items,
  nextMeeting: null,
});

function firstSet(): ItemMeeting[] {
  const dir = findAdvisorSet(ROOT);
  return loadAdvisorSet(dir).truth.map((truth: TruthMeeting) => {
    const date = daysBefore(LABEL_RUN_DATE, truth.daysAgo);
    const labels: Record<string, string> = {};
    for (const [label, meaning] of Object.entries(truth.speakerLabels ?? {})) {
      const person = truth.participants.find((p) => meaning.startsWith(p.name));
      if (person) labels[label] = person.name;
    }
    const isRight = (item: ActionItem) => {
      const words = contentWords(item.task);
      return (
        truth.actionItems.some(
          (t) =>
            overlap(words, contentWords(t.task)) >= TASK_OVERLAP && isSameAssignee(item.assignee, t.assignee, labels),
        ) ||
        truth.alsoAcceptable.some(
          (a) => overlap(words, contentWords(a.task)) >= TASK_OVERLAP || regex(a.taskPattern).test(item.task),
        )
      );
    };
    return {
      set: 1 as const,
      file: truth.file,
      ...read(fillPlaceholders(readFileSync(join(dir, truth.file), "utf8"), date), date, truth.client),
      isRight,
      score: (items: ActionItem[]) => {
        const { items: counts } = scoreMeeting(truth, date, summaryOf(items), []);
        return {
          right: counts.matched + counts.acceptable,
          matched: counts.matched,
          predicted: counts.predicted,
          truth: counts.truth,
        };
      },
    };
  });
}

function setOfSecondSchema(set: 2 | 3): ItemMeeting[] {
  const dir = findSecondSet(ROOT, undefined, set === 2 ? "advisor-meetings-2" : "advisor-meetings-3");
  const { meetings } = loadSecondSet(dir);
  const dates = Object.fromEntries(meetings.map((m) => [m.key, meetingDay(LABEL_RUN_DATE, m.daysAgo)]));
  return meetings.map((raw: Set2Meeting) => {
    const date = dates[raw.key]!;
    const truth = fillDeep(raw, date, dates);
    const real = [...truth.actionItems, ...truth.optionalItems];
    return {
      set,
      file: truth.file,
      ...read(fillSet2(readFileSync(join(dir, truth.file), "utf8"), date), date, truth.client),
      isRight: (item: ActionItem) => real.some((t) => matchesItem(t, item)),
      score: (items: ActionItem[]) => {
        const { items: counts } = scoreSet2Meeting(truth, date, summaryOf(items));
        return { right: counts.right, matched: counts.matched, predicted: counts.predicted, truth: counts.truth };
      },
    };
  });
}

export function itemMeetings(set: SetNumber): ItemMeeting[] {
  return set === 1 ? firstSet() : setOfSecondSchema(set);
}
