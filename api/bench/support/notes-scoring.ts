// Scores a meeting's notes (summary, key points, action items, next meeting) and its parsed transcript against the
// truth file. Matching rules are written out here and printed with the results; nothing is tuned to the set.
//
// Action items. A predicted item matches a truth item when
//   1. their tasks share content words: overlap = |shared| / min(|predicted|, |truth|) >= TASK_OVERLAP, over
//      lower-cased words without punctuation, stop words and a plural "s" (so "statements" = "statement"); and
//   2. the assignee is the same person after normalisation: the predicted assignee's words (a device label mapped
//      through the truth's speakerLabels first) are all among the truth assignee's words ("Bea" or
//      "Bea Kowalczyk" for "Bea Kowalczyk"; "Grace" or "Chidi Nwosu" for "Chidi and Grace Nwosu").
// Pairs are made greedily, best overlap first, one-to-one. The truth's own regexes (taskPattern and
// assigneePattern) are applied too and reported next to it as a second reading.
import type { TruthMeeting } from "./advisor-set";
import { addDays, fillPlaceholders, isoDay } from "./advisor-set";

export const TASK_OVERLAP = 0.5;

const STOP = new Set(
  (
    "a an the and or of to for in on at by with from into about as is are be been being it its this that these those " +
    "i we you he she they me us him her them my our your his their will shall would should can could may might must " +
    "do does did done have has had not no yes so if then than there here up out over all any some each both " +
    "get gets got make makes let lets just also once when what which who whom how before after next week"
  ).split(" "),
);

/** Content words of a text: lower case, letters and digits only, stop words out, a trailing plural "s" off. */
export function contentWords(text: string): Set<string> {
  const words = new Set<string>();
  for (const raw of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (raw.length < 2 || STOP.has(raw)) continue;
    words.add(raw.length > 3 && raw.endsWith("s") && !raw.endsWith("ss") ? raw.slice(0, -1) : raw);
  }
  return words;
}

export function overlap(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared / Math.min(a.size, b.size);
}

const nameWords = (name: string) =>
  name
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((word) => word.length > 1 && word !== "and");

export function isSameAssignee(predicted: string, truth: string, labels: Record<string, string> = {}): boolean {
  const mapped = labels[predicted.trim()] ?? predicted;
  const words = nameWords(mapped);
  const truthWords = new Set(nameWords(truth));
  return words.length > 0 && words.every((word) => truthWords.has(word));
}

/** The transcript moment the product gave an item (db/src/queries/summary-schema.ts). */
interface Moment {
  source?: { segment: number; start: number | null };
}

export interface PredictedItem extends Moment {
  task: string;
  assignee: string;
  dueDate?: string;
}

export interface Summary {
  executiveSummary: string;
  keyPoints: ({ text: string } & Moment)[];
  decisions: ({ text: string } & Moment)[];
  actionItems: PredictedItem[];
  nextMeeting: ({ date: string | null; time?: string; topics: string[] } & Moment) | null;
}

export interface MeetingScore {
  file: string;
  speakers: { expected: string[]; found: string[]; exact: boolean };
  leftovers: string[];
  items: { truth: number; predicted: number; matched: number; matchedByPattern: number; acceptable: number };
  invented: string[];
  missed: string[];
  unmatchedPredicted: string[];
  due: { checked: number; right: number; wrong: string[] };
  nextMeeting: { right: boolean; expected: string; got: string };
  keyFacts: { total: number; found: number; missed: string[] };
  decisions: { total: number; found: number };
  withoutMoment: string[];
}

const regex = (source: string) => new RegExp(source, "i");

/** Words left in the transcript that are a tool's markup, not speech. */
const LEFTOVERS = ["-->", "&amp;", "<v ", "Transcribed by", "Transcription ended", "- Transcript", "WEBVTT"];

export function scoreMeeting(
  truth: TruthMeeting,
  meetingDate: Date,
  summary: Summary | null,
  segments: { speaker: string | null; text: string }[],
): MeetingScore {
  const labels: Record<string, string> = {};
  for (const [label, meaning] of Object.entries(truth.speakerLabels ?? {})) {
    const person = truth.participants.find((p) => meaning.startsWith(p.name));
    if (person) labels[label] = person.name;
  }
  const srt = truth.file.endsWith(".srt");
  const expected = srt ? [] : truth.participants.map((p) => p.name).sort();
  const found = [...new Set(segments.flatMap((s) => (s.speaker ? [labels[s.speaker] ?? s.speaker] : [])))].sort();
  const fullText = segments.map((s) => s.text).join("\n");
  const predicted = summary?.actionItems ?? [];

  // Greedy one-to-one pairing, best overlap first.
  const truthWords = truth.actionItems.map((item) => contentWords(item.task));
  const pairs: { t: number; p: number; score: number }[] = [];
  predicted.forEach((item, p) => {
    const words = contentWords(item.task);
    truth.actionItems.forEach((t, ti) => {
      const score = overlap(words, truthWords[ti]!);
      if (score >= TASK_OVERLAP && isSameAssignee(item.assignee, t.assignee, labels)) pairs.push({ t: ti, p, score });
    });
  });
  pairs.sort((a, b) => b.score - a.score);
  const truthTaken = new Map<number, number>();
  const predictedTaken = new Set<number>();
  for (const pair of pairs) {
    if (truthTaken.has(pair.t) || predictedTaken.has(pair.p)) continue;
    truthTaken.set(pair.t, pair.p);
    predictedTaken.add(pair.p);
  }
  const matchedByPattern = truth.actionItems.filter((t) =>
    predicted.some(
      (p) => regex(t.taskPattern).test(p.task) && regex(t.assigneePattern).test(labels[p.assignee] ?? p.assignee),
    ),
  ).length;
  const acceptable = predicted.filter(
    (p, i) =>
      !predictedTaken.has(i) &&
      (truth.alsoAcceptable.some((a) => overlap(contentWords(p.task), contentWords(a.task)) >= TASK_OVERLAP) ||
        truth.alsoAcceptable.some((a) => regex(a.taskPattern).test(p.task))),
  ).length;
  const invented = predicted
    .filter((p) => truth.notActionItems.some((n) => overlap(contentWords(p.task), contentWords(n.text)) >= 0.6))
    .map((p) => p.task);

  // Due dates of matched items: a definite day must be that day; otherwise no invented date.
  const due = { checked: 0, right: 0, wrong: [] as string[] };
  for (const [t, p] of truthTaken) {
    const want = truth.actionItems[t]!;
    const got = predicted[p]!.dueDate ?? null;
    const expectedDay = want.dueOffsetDays === null ? null : isoDay(addDays(meetingDate, want.dueOffsetDays));
    due.checked++;
    if (got === expectedDay || (expectedDay === null && fitsSaidWeekday(want.due, meetingDate, got))) due.right++;
    else due.wrong.push(`"${want.due ?? "no due"}": expected ${expectedDay ?? "no date"}, got ${got ?? "none"}`);
  }

  const next = summary?.nextMeeting ?? null;
  const nextTruth = truth.nextMeeting;
  const nextExpected =
    nextTruth === null
      ? "none"
      : nextTruth.dateOffsetDays === null
        ? "no invented date"
        : isoDay(addDays(meetingDate, nextTruth.dateOffsetDays));
  const isIsoDay = (value: string | null) => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);
  const nextRight =
    nextTruth === null
      ? next === null || next.date === null
      : nextTruth.dateOffsetDays === null
        ? next !== null && (!isIsoDay(next.date) || fitsSaidWeekday(nextTruth.said, meetingDate, next.date))
        : next?.date === nextExpected;

  const points = summary ? [...summary.keyPoints, ...summary.decisions] : [];
  const notes = summary ? [summary.executiveSummary, ...points.map((point) => point.text)].join("\n") : "";
  // Patterns may hold date placeholders relative to the meeting's date, as the transcript does.
  const pattern = (source: string) => regex(fillPlaceholders(source, meetingDate));
  const missedFacts = truth.keyFacts
    .filter((f) => !pattern(f.pattern).test(notes))
    .map((f) => fillPlaceholders(f.fact, meetingDate));
  // The product's own moments: every key point, decision, action item and next meeting should carry one.
  const withoutMoment = [
    ...points.filter((point) => !point.source).map((point) => point.text),
    ...predicted.filter((item) => !item.source).map((item) => item.task),
    ...(next && !next.source ? [`next meeting ${next.date ?? ""}`] : []),
  ];

  return {
    file: truth.file,
    speakers: { expected, found, exact: expected.join("|") === found.join("|") },
    leftovers: LEFTOVERS.filter((mark) => fullText.includes(mark)),
    items: {
      truth: truth.actionItems.length,
      predicted: predicted.length,
      matched: truthTaken.size,
      matchedByPattern,
      acceptable,
    },
    invented,
    missed: truth.actionItems.filter((_, i) => !truthTaken.has(i)).map((t) => `${t.assignee}: ${t.task}`),
    unmatchedPredicted: predicted.filter((_, i) => !predictedTaken.has(i)).map((p) => `${p.assignee}: ${p.task}`),
    due,
    nextMeeting: {
      right: nextRight,
      expected: nextExpected,
      got: next ? `${next.date ?? "no date"}` : "none",
    },
    keyFacts: { total: truth.keyFacts.length, found: truth.keyFacts.length - missedFacts.length, missed: missedFacts },
    decisions: {
      total: truth.decisions.length,
      found: truth.decisions.filter((d) => pattern(d.pattern).test(notes)).length,
    },
    withoutMoment,
  };
}

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/**
 * The set leaves relative weekday phrases ("by Friday", "a week from Thursday") without an offset, because the
 * meeting's weekday changes with the run date (its README). A day the product resolved from such a phrase is right
 * when it is one of the named weekdays, after the meeting and within two weeks of it; any other date is wrong.
 */
export function fitsSaidWeekday(said: string | null, meetingDate: Date, got: string | null): boolean {
  if (!said || !got || !/^\d{4}-\d{2}-\d{2}$/.test(got)) return false;
  const named = WEEKDAYS.filter((day) => new RegExp(`\\b${day}\\b`, "i").test(said));
  if (named.length === 0) return false;
  const day = new Date(`${got}T00:00:00`);
  const daysAfter = Math.round((day.getTime() - meetingDate.getTime()) / 86_400_000);
  return daysAfter >= 1 && daysAfter <= 14 && named.includes(WEEKDAYS[day.getDay()]!);
}
