// Prints what api/bench/intelligence.ts measured on advisor-meetings-2 (or -3, same schema): the notes per meeting,
// the answers per kind, and the misses (every one with --verbose).
import { basename } from "node:path";
import type { NotesShape } from "./notes-shape";
import type { Set2AnswerScore } from "./set2-answer-scoring";
import type { Set2MeetingScore } from "./set2-notes-scoring";

export interface Set2Report {
  runDate: string;
  database: string;
  embedder: string;
  seconds: { processing: number; questions: number };
  meetings: Set2MeetingScore[];
  shapes: NotesShape[];
  answers: (Set2AnswerScore & { ms: number })[];
}

const pct = (part: number, whole: number) => (whole === 0 ? "-" : `${Math.round((part / whole) * 100)}%`);
const row = (cells: (string | number)[]) => console.log(`| ${cells.join(" | ")} |`);

export function printSet2Report(report: Set2Report, verbose: boolean, label = "set 2", dir = "advisor-meetings-2") {
  const { meetings, shapes, answers } = report;
  console.log(
    `\n${basename(dir)}: ${meetings.length} meetings, ${answers.length} answers; database ${report.database}, ` +
      `embedder ${report.embedder}; upload + processing ${report.seconds.processing.toFixed(0)} s, ` +
      `questions ${report.seconds.questions.toFixed(0)} s`,
  );
  console.log(
    "the set's own rules (its README): items right when task and assignee regexes match, recall one-to-one, " +
      "optionalItems not false positives; facts over the executive summary, key points and decisions one at a " +
      "time; answers: every expect regex in the first 400 characters, markdown stripped, no notExpect client " +
      "there, every cite group linked (/meetings/{id}); off-topic: found false, no link, no sources.\n",
  );
  row([
    "meeting",
    "items matched / truth",
    "predicted",
    "right (incl. optional)",
    "false friends",
    "next meeting day",
    "with topics",
    "facts",
    "facts in summary alone",
    "key points",
    "quote-like (summary / points / e-mail)",
  ]);
  row(Array(11).fill("---"));
  meetings.forEach((m, i) => {
    const shape = shapes[i]!;
    row([
      m.key,
      `${m.items.matched}/${m.items.truth}`,
      m.items.predicted,
      m.items.right,
      m.items.falseFriends,
      m.nextMeeting.day ? "ok" : `✗ ${m.nextMeeting.expected} / ${m.nextMeeting.got}`,
      m.nextMeeting.topics ? "ok" : "✗",
      `${m.facts.found}/${m.facts.total}`,
      `${m.facts.inSummaryAlone}/${m.facts.total}`,
      shape.keyPoints,
      `${shape.quoteLike.summary.length} / ${shape.quoteLike.keyPoints.length} / ${shape.quoteLike.email.length}`,
    ]);
  });

  console.log("");
  row(["question kind", "n", "fact in the lead", "cited right", "right (both; off-topic: nothing found)", "mean ms"]);
  row(Array(6).fill("---"));
  const kinds = [...new Set(answers.map((a) => a.type))];
  for (const kind of [...kinds, "all"]) {
    const set = kind === "all" ? answers : answers.filter((a) => a.type === kind);
    row([
      kind,
      set.length,
      pct(set.filter((a) => a.lead).length, set.length),
      pct(set.filter((a) => a.cited).length, set.length),
      `${set.filter((a) => a.right).length}/${set.length}`,
      Math.round(set.reduce((a, s) => a + s.ms, 0) / Math.max(1, set.length)),
    ]);
  }

  const limit = verbose ? Number.POSITIVE_INFINITY : 3;
  console.log(`\n${label} misses (first few of each kind; --verbose for all):`);
  for (const kind of kinds) {
    for (const a of answers.filter((x) => x.type === kind && !x.right).slice(0, limit)) {
      const why =
        a.type === "off-topic" ? "not nothing-found" : `${a.lead ? "" : "lead ✗ "}${a.cited ? "" : "cite ✗ "}`;
      console.log(`  [${kind} ${a.id}] ${a.question} (${why.trim()}; linked ${a.linked.join(",") || "none"})`);
      console.log(`      -> ${a.answerStart}`);
    }
  }
  meetings.forEach((m, i) => {
    const n = verbose ? 99 : 2;
    for (const missed of m.missed.slice(0, n)) console.log(`  [action item missed, ${m.key}] ${missed}`);
    for (const wrong of m.wrongItems.slice(0, n)) console.log(`  [action item not in truth, ${m.key}] ${wrong}`);
    for (const friend of m.falseFriends.slice(0, n)) console.log(`  [false friend listed, ${m.key}] ${friend}`);
    for (const fact of m.facts.missed.slice(0, n)) console.log(`  [fact missed, ${m.key}] ${fact}`);
    const shape = shapes[i]!;
    for (const quote of [...shape.quoteLike.summary, ...shape.quoteLike.keyPoints, ...shape.quoteLike.email].slice(
      0,
      n,
    ))
      console.log(`  [quote-like, ${m.key}] ${quote.slice(0, 160)}`);
  });
}
