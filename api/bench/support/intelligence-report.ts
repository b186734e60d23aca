// Prints what api/bench/intelligence.ts measured: parsing, notes, answers per kind, and the worst misses.
import type { AnswerScore } from "./answer-scoring";
import type { MeetingScore } from "./notes-scoring";

interface Report {
  runDate: string;
  database: string;
  embedder: string;
  rules: { taskOverlap: number };
  seconds: { processing: number; questions: number };
  meetings: MeetingScore[];
  answers: (AnswerScore & { turn: string; ms: number; expectsNothing: boolean })[];
}

const pct = (part: number, whole: number) => (whole === 0 ? "-" : `${Math.round((part / whole) * 100)}%`);
const row = (cells: (string | number)[]) => console.log(`| ${cells.join(" | ")} |`);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

export function printReport(report: Report, verbose: boolean) {
  const { meetings, answers } = report;
  console.log(
    `advisor-meetings: ${meetings.length} meetings, ${answers.length} answers; database ${report.database}, ` +
      `embedder ${report.embedder}; upload + processing ${report.seconds.processing.toFixed(0)} s, ` +
      `questions ${report.seconds.questions.toFixed(0)} s`,
  );
  console.log(
    `action items match when task content-word overlap (shared / smaller set) >= ${report.rules.taskOverlap} and ` +
      `the predicted assignee's name words are all in the truth assignee's; pairs one-to-one, best first. ` +
      `"pattern" = the truth file's taskPattern + assigneePattern. "no moment" = key points, decisions, action ` +
      `items and next meeting the product stored without a transcript moment (source).\n`,
  );

  row([
    "meeting",
    "speakers",
    "leftovers",
    "items matched / truth",
    "pattern",
    "predicted",
    "precision",
    "invented",
    "due right",
    "next meeting",
    "key facts",
    "decisions",
    "no moment",
  ]);
  row(Array(13).fill("---"));
  for (const m of meetings) {
    const good = m.items.matched + m.items.acceptable;
    row([
      m.file.slice(0, 2),
      m.speakers.exact
        ? `ok (${m.speakers.found.length})`
        : `${m.speakers.found.length}/${m.speakers.expected.length} ✗`,
      m.leftovers.join(" ") || "none",
      `${m.items.matched}/${m.items.truth}`,
      `${m.items.matchedByPattern}/${m.items.truth}`,
      m.items.predicted,
      pct(good, m.items.predicted),
      m.invented.length,
      `${m.due.right}/${m.due.checked}`,
      m.nextMeeting.right ? "ok" : `✗ ${m.nextMeeting.expected} / ${m.nextMeeting.got}`,
      `${m.keyFacts.found}/${m.keyFacts.total}`,
      `${m.decisions.found}/${m.decisions.total}`,
      m.withoutMoment.length,
    ]);
  }
  const total = (pick: (m: MeetingScore) => number) => sum(meetings.map(pick));
  const predicted = total((m) => m.items.predicted);
  console.log("");
  row(["notes (all meetings)", "value"]);
  row(["---", "---"]);
  row(["speakers exactly right", `${meetings.filter((m) => m.speakers.exact).length}/${meetings.length}`]);
  row([
    "action items recall (assignee right)",
    pct(
      total((m) => m.items.matched),
      total((m) => m.items.truth),
    ),
  ]);
  row([
    "action items recall, truth patterns",
    pct(
      total((m) => m.items.matchedByPattern),
      total((m) => m.items.truth),
    ),
  ]);
  row([
    "action items precision",
    pct(
      total((m) => m.items.matched + m.items.acceptable),
      predicted,
    ),
  ]);
  row(["invented commitments (restate a non-item)", total((m) => m.invented.length)]);
  row([
    "due dates right (of matched items)",
    pct(
      total((m) => m.due.right),
      total((m) => m.due.checked),
    ),
  ]);
  row(["next meeting right", `${meetings.filter((m) => m.nextMeeting.right).length}/${meetings.length}`]);
  row([
    "key facts in summary + key points",
    pct(
      total((m) => m.keyFacts.found),
      total((m) => m.keyFacts.total),
    ),
  ]);
  row([
    "decisions in summary + key points",
    pct(
      total((m) => m.decisions.found),
      total((m) => m.decisions.total),
    ),
  ]);
  row(["summary items without a transcript moment", `${total((m) => m.withoutMoment.length)}`]);

  console.log("");
  row([
    "question kind",
    "n",
    "fact in first line",
    "fact in first 400",
    "right meeting cited",
    "cite recall",
    "wrong cites",
    "nothing found",
    "mean ms",
  ]);
  row(Array(9).fill("---"));
  const kinds = [...new Set(answers.map((a) => a.type))];
  for (const kind of [...kinds, "all"]) {
    const set = kind === "all" ? answers : answers.filter((a) => a.type === kind);
    const nothing = set.filter((a) => a.expectsNothing);
    row([
      kind,
      set.length,
      pct(set.filter((a) => a.firstLine).length, set.length),
      pct(set.filter((a) => a.first400).length, set.length),
      pct(set.filter((a) => a.citedRight).length, set.length),
      pct(sum(set.map((a) => a.citeRecall)), set.length),
      sum(set.map((a) => a.wrongCitations)),
      nothing.length ? pct(nothing.filter((a) => a.nothingFound).length, nothing.length) : "-",
      Math.round(sum(set.map((a) => a.ms)) / Math.max(1, set.length)),
    ]);
  }

  const limit = verbose ? Number.POSITIVE_INFINITY : 3;
  console.log("\nworst misses (first few of each kind; --verbose for all):");
  for (const kind of kinds) {
    const misses = answers.filter((a) => a.type === kind && !(a.first400 && a.citedRight)).slice(0, limit);
    for (const a of misses) console.log(`  [${kind}] ${a.question}\n      -> ${a.answerStart}`);
  }
  for (const m of meetings) {
    for (const missed of m.missed.slice(0, verbose ? 99 : 1))
      console.log(`  [action item missed, ${m.file.slice(0, 2)}] ${missed}`);
    for (const extra of m.unmatchedPredicted.slice(0, verbose ? 99 : 1))
      console.log(`  [action item unmatched, ${m.file.slice(0, 2)}] ${extra}`);
    for (const wrong of m.due.wrong.slice(0, verbose ? 99 : 1))
      console.log(`  [due date, ${m.file.slice(0, 2)}] ${wrong}`);
    for (const fact of m.keyFacts.missed.slice(0, verbose ? 99 : 1))
      console.log(`  [key fact missed, ${m.file.slice(0, 2)}] ${fact}`);
  }
}
