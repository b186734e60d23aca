// Summary quality of the local engine: executive-summary ROUGE-1 F1 against QMSum's "summarize the whole meeting"
// answers (validation split, 31 meetings), with the engine's sentence embeddings (Universal Sentence Encoder) and
// without (TF-IDF only), and the advisor fixtures' checks (ai/test-support/summary-fixtures.ts).
//
//   bun ai/bench/summaries.ts [--data ../shared/data/qmsum/val.jsonl] [--no-embedder]
//   bun ai/bench/summaries.ts --vector-cache /tmp/use.bin   reuse sentence-encoder vectors of an earlier run
//
// "Before" is the extractive summariser this replaced (TF-IDF centroid, "Name:" prefixes), measured with the same
// scorer at commit 127d65c: ROUGE-1 F1 26.9 (P 25.7, R 30.3, 129 words a summary).
import { join } from "node:path";
import { parseArgs } from "node:util";
import factConfidence from "../fitted/fact-confidence.json";
import { summariseExtractive } from "../src/local/summarise-extractive";
import { checkSummary } from "../test-support/summary-checks";
import { fixtureInput, SUMMARY_FIXTURES } from "../test-support/summary-fixtures";
import { loadSummaryCases } from "./summaries/qmsum-summaries";
import { rouge1 } from "./summaries/rouge";

const { values: args } = parseArgs({
  options: {
    data: { type: "string", default: join(import.meta.dir, "..", "..", "..", "shared", "data", "qmsum", "val.jsonl") },
    "no-embedder": { type: "boolean", default: false },
    "vector-cache": { type: "string" },
  },
});

const BEFORE = { f1: 26.9, precision: 25.7, recall: 30.3, words: 129 };
const cases = loadSummaryCases(args.data);

interface Row {
  name: string;
  f1: number;
  precision: number;
  recall: number;
  words: number;
  msPerMeeting: number;
  fixtureChecks: string;
}

async function measure(name: string): Promise<Row> {
  let f1 = 0;
  let precision = 0;
  let recall = 0;
  let words = 0;
  const started = performance.now();
  for (const c of cases) {
    const summary = await summariseExtractive(
      {
        transcript: { segments: c.segments, fullText: "", durationSeconds: null },
        title: "Meeting",
        clientName: "Client",
        meetingDate: new Date(2025, 0, 1),
      },
      { confidence: factConfidence },
    );
    const score = rouge1(summary.executiveSummary, c.reference);
    f1 += score.f1;
    precision += score.precision;
    recall += score.recall;
    words += summary.executiveSummary.split(/\s+/).length;
  }
  const msPerMeeting = (performance.now() - started) / cases.length;
  let failures = 0;
  for (const fixture of SUMMARY_FIXTURES) {
    const found = checkSummary(
      fixture,
      await summariseExtractive(fixtureInput(fixture), { confidence: factConfidence }),
    );
    for (const failure of found) console.log(`  ${name} · ${fixture.name}: ${failure}`);
    if (found.length > 0) failures++;
  }
  const n = cases.length;
  return {
    name,
    f1: (100 * f1) / n,
    precision: (100 * precision) / n,
    recall: (100 * recall) / n,
    words: words / n,
    msPerMeeting,
    fixtureChecks: `${SUMMARY_FIXTURES.length - failures}/${SUMMARY_FIXTURES.length}`,
  };
}

// The notes are written from the record of facts: no embedder is read, so one row.
const rows: Row[] = [await measure("after, notes from the record of facts")];

const fixed = (x: number) => x.toFixed(1);
console.log(
  `\nExecutive summary ROUGE-1 (QMSum val, ${cases.length} "summarize the whole meeting" answers; target F1 ≥ 30)`,
);
console.log("| summariser | R1 F1 | P | R | words | ms / meeting | advisor fixtures passing |");
console.log("|---|---|---|---|---|---|---|");
console.log(
  `| before (TF-IDF centroid, commit 127d65c) | ${BEFORE.f1} | ${BEFORE.precision} | ${BEFORE.recall} | ${BEFORE.words} | | 0/${SUMMARY_FIXTURES.length} |`,
);
for (const row of rows) {
  console.log(
    `| ${row.name} | ${fixed(row.f1)} | ${fixed(row.precision)} | ${fixed(row.recall)} | ${row.words.toFixed(0)} | ${row.msPerMeeting.toFixed(0)} | ${row.fixtureChecks} |`,
  );
}
