// Issue 28's table for either advisor set, and for both together: answers right (fact in the lead and the right
// meeting cited), across clients, "nothing found", action items with the right owner, the next meeting, key facts,
// and the notes' shape (key points a meeting, speaker-labelled quotes). Each set keeps its own matching rules
// (set 1: notes-scoring.ts and answer-scoring.ts; set 2: set2-notes-scoring.ts and set2-answer-scoring.ts).
import type { AnswerScore } from "./answer-scoring";
import type { MeetingScore } from "./notes-scoring";
import type { NotesShape } from "./notes-shape";
import type { Set2AnswerScore } from "./set2-answer-scoring";
import type { Set2MeetingScore } from "./set2-notes-scoring";

type Count = { n: number; of: number };

export interface IssueFigures {
  answers: Count;
  across: Count;
  nothingFound: Count;
  recall: Count;
  precision: Count;
  nextDay: Count;
  nextWithTopics: Count | null;
  facts: Count;
  keyPoints: number[];
  quotes: { summary: Count; keyPoints: Count; email: Count };
}

const count = (flags: boolean[]): Count => ({ n: flags.filter(Boolean).length, of: flags.length });
const total = (counts: Count[]): Count => ({
  n: counts.reduce((a, c) => a + c.n, 0),
  of: counts.reduce((a, c) => a + c.of, 0),
});

function quoteCounts(shapes: NotesShape[]): IssueFigures["quotes"] {
  const sum = (pick: (s: NotesShape) => number) => shapes.reduce((a, s) => a + pick(s), 0);
  return {
    summary: { n: sum((s) => s.quoteLike.summary.length), of: sum((s) => s.summarySentences) },
    keyPoints: { n: sum((s) => s.quoteLike.keyPoints.length), of: sum((s) => s.keyPoints) },
    email: { n: sum((s) => s.quoteLike.email.length), of: sum((s) => s.emailLines) },
  };
}

export function firstSetFigures(
  meetings: MeetingScore[],
  answers: (AnswerScore & { expectsNothing: boolean })[],
  shapes: NotesShape[],
): IssueFigures {
  const asked = answers.filter((a) => !a.expectsNothing);
  return {
    answers: count(asked.map((a) => a.first400 && a.citedRight)),
    across: count(answers.filter((a) => a.type === "cross-meeting").map((a) => a.first400 && a.citedRight)),
    nothingFound: count(answers.filter((a) => a.expectsNothing).map((a) => a.nothingFound)),
    recall: total(meetings.map((m) => ({ n: m.items.matched, of: m.items.truth }))),
    precision: total(meetings.map((m) => ({ n: m.items.matched + m.items.acceptable, of: m.items.predicted }))),
    nextDay: count(meetings.map((m) => m.nextMeeting.right)),
    nextWithTopics: null,
    facts: total(meetings.map((m) => ({ n: m.keyFacts.found, of: m.keyFacts.total }))),
    keyPoints: shapes.map((s) => s.keyPoints),
    quotes: quoteCounts(shapes),
  };
}

export function secondSetFigures(
  meetings: Set2MeetingScore[],
  answers: Set2AnswerScore[],
  shapes: NotesShape[],
): IssueFigures {
  return {
    answers: count(answers.filter((a) => a.type !== "off-topic").map((a) => a.right)),
    across: count(answers.filter((a) => a.type === "cross-meeting").map((a) => a.right)),
    nothingFound: count(answers.filter((a) => a.type === "off-topic").map((a) => a.right)),
    recall: total(meetings.map((m) => ({ n: m.items.matched, of: m.items.truth }))),
    precision: total(meetings.map((m) => ({ n: m.items.right, of: m.items.predicted }))),
    nextDay: count(meetings.map((m) => m.nextMeeting.day)),
    nextWithTopics: count(meetings.map((m) => m.nextMeeting.topics)),
    facts: total(meetings.map((m) => ({ n: m.facts.found, of: m.facts.total }))),
    keyPoints: shapes.map((s) => s.keyPoints),
    quotes: quoteCounts(shapes),
  };
}

const pct = (c: Count) => (c.of === 0 ? "-" : `${Math.round((c.n / c.of) * 100)}%`);
const frac = (c: Count) => `${c.n}/${c.of} (${pct(c)})`;

function together(sets: IssueFigures[]): IssueFigures {
  const pick = (f: (s: IssueFigures) => Count) => total(sets.map(f));
  const topics = sets.map((s) => s.nextWithTopics).filter((c): c is Count => c !== null);
  return {
    answers: pick((s) => s.answers),
    across: pick((s) => s.across),
    nothingFound: pick((s) => s.nothingFound),
    recall: pick((s) => s.recall),
    precision: pick((s) => s.precision),
    nextDay: pick((s) => s.nextDay),
    nextWithTopics: topics.length === sets.length ? total(topics) : null,
    facts: pick((s) => s.facts),
    keyPoints: sets.flatMap((s) => s.keyPoints),
    quotes: {
      summary: pick((s) => s.quotes.summary),
      keyPoints: pick((s) => s.quotes.keyPoints),
      email: pick((s) => s.quotes.email),
    },
  };
}

/** One column per set, and "both" ("together" for three) when there are more (counts added; each set by its own rules). */
export function printIssueTable(columns: [string, IssueFigures][]) {
  const all: [string, IssueFigures][] =
    columns.length > 1
      ? [...columns, [columns.length === 2 ? "both" : "together", together(columns.map(([, f]) => f))]]
      : columns;
  const row = (cells: string[]) => console.log(`| ${cells.join(" | ")} |`);
  const mean = (values: number[]) =>
    values.length ? (values.reduce((a, b) => a + b, 0) / values.length).toFixed(1) : "-";
  const lines: [string, (f: IssueFigures) => string][] = [
    ["answers: fact in the lead (first 400) and right meeting cited", (f) => frac(f.answers)],
    ["across clients (cross-meeting)", (f) => frac(f.across)],
    ['off-topic and unknown client: "nothing found"', (f) => frac(f.nothingFound)],
    ["action items recall, right owner", (f) => frac(f.recall)],
    ["action items precision", (f) => frac(f.precision)],
    ["next meeting: right day (or none where none was set)", (f) => frac(f.nextDay)],
    ["next meeting: right day and its topics", (f) => (f.nextWithTopics ? frac(f.nextWithTopics) : "-")],
    ["key facts in the notes", (f) => frac(f.facts)],
    ["key points a meeting: max / mean", (f) => `${Math.max(0, ...f.keyPoints)} / ${mean(f.keyPoints)}`],
    ["executive summary sentences like a speaker-labelled quote", (f) => frac(f.quotes.summary)],
    ["key points like a speaker-labelled quote", (f) => frac(f.quotes.keyPoints)],
    ["follow-up e-mail lines like a speaker-labelled quote", (f) => frac(f.quotes.email)],
  ];
  console.log("");
  row(["issue 28's measures", ...all.map(([name]) => name)]);
  row(["---", ...all.map(() => "---")]);
  for (const [name, value] of lines) row([name, ...all.map(([, f]) => value(f))]);
}
