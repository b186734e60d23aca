// Fits the record's fact confidence (ai/src/local/record/confidence.ts) and writes ai/fitted/fact-confidence.json.
//   bun run api/bench/fit-facts.ts [--check]
// 1. Every meeting of the three advisor sets is read into its record by the local engine with no weights (every
//    fact kept), dated from a fixed run date. A fact the notes could say (a figure, a decision, an open question) is
//    positive when its written sentence carries one of its meeting's truth key facts (the set's own regex), or, for a
//    decision, one of the decisions its truth lists (set 1 lists them; sets 2 and 3 do not).
// 2. Logistic regression (api/bench/support/logistic.ts, Newton's method, L2 prior of variance 1) on the facts'
//    features. Leave-one-set-out: fitted on two sets, measured on the third, every direction; then on all three.
// 3. The threshold is chosen on the sets fitted on, for precision: the highest one at which the notes still carry
//    at least CARRY_SHARE of the key facts they carry with every fact said.
// --check fits without writing and fails when the committed file differs.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  type ConfidenceWeights,
  FACT_FEATURES,
  type Fact,
  featureVector,
  summariseExtractive,
  writeNotes,
} from "@cm/ai/local";
import { readTranscriptFile } from "@cm/ai/transcript";
import { factsCarried, type LabelledMeeting, labelledMeetings } from "./support/labelled-meetings";
import { classifierFigures, type Example, fitLogisticNewton, type Model, probability } from "./support/logistic";
import { ROOT } from "./support/upload-harness";

const OUT = join(ROOT, "ai", "fitted", "fact-confidence.json");
/** Share of the key facts (carried with every fact said) the chosen threshold must keep. */
const CARRY_SHARE = 0.99;
const GATED = new Set(["figure", "decision", "open-question", "role"]);
const THRESHOLDS = Array.from({ length: 39 }, (_, i) => 0.025 * (i + 1));

interface Read {
  set: 1 | 2 | 3;
  meeting: LabelledMeeting;
  facts: Fact[];
}

async function readSet(set: 1 | 2 | 3): Promise<Read[]> {
  const out: Read[] = [];
  for (const meeting of labelledMeetings(set)) {
    const { transcript } = readTranscriptFile(new TextEncoder().encode(meeting.transcriptText));
    const summary = await summariseExtractive({
      transcript,
      title: meeting.title,
      clientName: meeting.client,
      meetingDate: meeting.date,
    });
    out.push({ set, meeting, facts: summary.facts });
  }
  return out;
}

const labelOf = (fact: Fact, meeting: LabelledMeeting): 0 | 1 =>
  meeting.facts.some((re) => re.test(fact.text)) ||
  (fact.kind === "decision" && meeting.decisions.some((re) => re.test(fact.text)))
    ? 1
    : 0;
const examplesOf = (reads: Read[]): Example[] =>
  reads.flatMap(({ meeting, facts }) =>
    facts.filter((f) => GATED.has(f.kind)).map((f) => ({ x: featureVector(f.features ?? {}), y: labelOf(f, meeting) })),
  );

/** The facts with the model's confidence. */
const scored = (facts: Fact[], model: Model) =>
  facts.map((f) =>
    GATED.has(f.kind) ? { ...f, confidence: probability(model, { x: featureVector(f.features ?? {}) }) } : f,
  );

/** Key facts carried by the notes written at a threshold, of all, and the share of said facts that carry one. */
function notesAt(reads: Read[], model: Model, threshold: number) {
  let carried = 0;
  let total = 0;
  let said = 0;
  let right = 0;
  for (const { meeting, facts } of reads) {
    const notes = writeNotes(scored(facts, model), threshold, "");
    const pieces = [notes.executiveSummary, ...notes.keyPoints, ...notes.decisions].map((p) =>
      typeof p === "string" ? p : p.text,
    );
    carried += factsCarried(meeting, pieces);
    total += meeting.facts.length;
    // Figures said together are one key point ("Checking: $18,000; Savings: $52,000."): each counts as said.
    const points = [
      ...notes.keyPoints.flatMap((p) => (typeof p === "string" ? p : p.text).split("; ")),
      ...notes.decisions.map((p) => (typeof p === "string" ? p : p.text)),
    ];
    said += points.length;
    right += points.filter((p) => meeting.facts.some((re) => re.test(p))).length;
  }
  return { carried, total, precision: said ? right / said : Number.NaN, said };
}

function chooseThreshold(reads: Read[], model: Model): number {
  const all = notesAt(reads, model, 0).carried;
  let best = 0;
  for (const t of THRESHOLDS) if (notesAt(reads, model, t).carried >= all * CARRY_SHARE) best = t;
  return best;
}

function fit(reads: Read[]): ConfidenceWeights {
  const model = fitLogisticNewton(examplesOf(reads), { l2: 1 });
  return {
    features: [...FACT_FEATURES],
    intercept: model.intercept,
    weights: model.weights,
    threshold: chooseThreshold(reads, model),
  };
}

const pct = (n: number, d: number) => `${n}/${d} (${Math.round((100 * n) / d)}%)`;
const sets = { 1: await readSet(1), 2: await readSet(2), 3: await readSet(3) } as const;
const everything = [...sets[1], ...sets[2], ...sets[3]];
console.log(
  "| fitted on → measured on | facts / positives | AUC | threshold | notes' facts right | key facts carried (all said → at threshold) |",
);
console.log("| --- | --- | --- | --- | --- | --- |");
for (const left of [1, 2, 3] as const) {
  const train = everything.filter((r) => r.set !== left);
  const weights = fit(train);
  const model: Model = { intercept: weights.intercept, weights: weights.weights };
  const test = sets[left];
  const examples = examplesOf(test);
  const scores = examples.map((e) => probability(model, e));
  const figures = classifierFigures(examples, scores, weights.threshold);
  const allSaid = notesAt(test, model, 0);
  const atThreshold = notesAt(test, model, weights.threshold);
  const others = [1, 2, 3].filter((s) => s !== left).join("+");
  console.log(
    `| sets ${others} → set ${left} | ${figures.examples} / ${figures.positives} | ${figures.auc.toFixed(3)} | ${weights.threshold.toFixed(3)} | ${(100 * atThreshold.precision).toFixed(0)}% of ${atThreshold.said} | ${pct(allSaid.carried, allSaid.total)} → ${pct(atThreshold.carried, atThreshold.total)} |`,
  );
}
const final = fit(everything);
const model: Model = { intercept: final.intercept, weights: final.weights };
for (const set of [1, 2, 3] as const) {
  const at = notesAt(sets[set], model, final.threshold);
  console.log(
    `all three → set ${set}: key facts ${pct(at.carried, at.total)}, notes' facts right ${(100 * at.precision).toFixed(0)}% of ${at.said}`,
  );
}
const rounded: ConfidenceWeights = {
  ...final,
  intercept: Number(final.intercept.toFixed(4)),
  weights: final.weights.map((w) => Number(w.toFixed(4))),
};
const text = `${JSON.stringify(rounded, null, 2)}\n`;
if (process.argv.includes("--check")) {
  // Compared as data: the formatter may lay the committed file out otherwise.
  const committed = JSON.parse(readFileSync(OUT, "utf8"));
  if (JSON.stringify(committed) !== JSON.stringify(rounded)) {
    console.error(`${OUT} differs from the fit: run bun run api/bench/fit-facts.ts`);
    process.exit(1);
  }
  console.log("fitted weights match the committed file");
} else {
  writeFileSync(OUT, text);
  console.log(`wrote ${OUT}`);
}
