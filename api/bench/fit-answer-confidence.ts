// Fits the answer's confidence (ai/src/search/rank/answer-confidence.ts): whether Meeting Intelligence may lead with a
// fact or shows the closest passages, a logistic regression over what ranking knew of the lead sentence and the
// runner-up. Labelled rows: every question of the three advisor sets (the intelligence bench's --json: each answer's
// `sample`, labelled by whether its lead as an answer carries the expected fact) and the specific questions of QMSum's
// train split (162 real meetings, their query's meeting given; labelled by whether the lead sentence was said inside
// a gold span of the query). Only answers that found something are fitted: "nothing" is decided before.
//
//   bun run api/bench/intelligence.ts --set all --json /tmp/sets.json      the three sets' rows (with the product)
//   bun run api/bench/fit-answer-confidence.ts --sets /tmp/sets.json --qmsum-meetings 162
//       the sets' rows from the bench's file and QMSum's collected (saved in ai/fitted/answer-confidence-*.jsonl),
//       the fit, the table, the weights (ai/fitted/answer-confidence.json)
//   bun run api/bench/fit-answer-confidence.ts          refit from the saved rows
//   ... --vector-cache /tmp/qmsum-train.bin (QMSum's vectors kept between runs)   ... --check (write nothing)
//   ... --collect (save the rows only, fit nothing)   ... --embedder sentence-encoder (QMSum indexed with the encoder;
//       default hashing: 162 long meetings take the encoder most of an hour on this machine)
//
// Leave-one-set-out: for each advisor set, the model is fitted on the two others and QMSum, its threshold chosen on
// those two (the lowest probability at which each has at most 5% wrong leads among its confident answers), and the
// held-out set is measured: wrong leads among confident answers, answers confident (of answerable), the fact within
// the first 400 characters (as an answer when confident, as passages when not). The committed model is fitted on all.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createHashingEmbedder, createLocalEngine } from "@cm/ai/local";
import { answerConfidence, type ConfidenceModel, gatherContext } from "@cm/ai/search";
import { LEADS_WHEN_FOUND } from "@cm/ai/test-support/confidence-models";
import { createAnswerStore } from "@cm/db/stores/answer-store";
import { createTestDatabase } from "@cm/db/testing";
import { loadCorpus } from "../../ai/bench/retrieval/evaluate";
import { loadQmsum } from "../../ai/bench/retrieval/qmsum";
import { withVectorCache } from "../../ai/bench/retrieval/vector-cache";
import type { ConfidenceSample } from "./support/confidence-sample";
import { classifierFigures, type Example, fitLogisticNewton, type Model, probability } from "./support/logistic";
import { ROOT } from "./support/upload-harness";

const { values: args } = parseArgs({
  options: {
    sets: { type: "string" },
    qmsum: { type: "string", default: join(ROOT, "..", "..", "shared", "data", "qmsum", "train.jsonl") },
    "qmsum-meetings": { type: "string", default: "0" },
    "vector-cache": { type: "string" },
    embedder: { type: "string", default: "hashing" },
    "max-wrong": { type: "string", default: "0.05" },
    check: { type: "boolean", default: false },
    collect: { type: "boolean", default: false },
    features: { type: "string" },
    l2: { type: "string", default: "1" },
  },
});

const FITTED = join(ROOT, "ai", "fitted");
const SET_ROWS = join(FITTED, "answer-confidence-sets.jsonl");
const QMSUM_ROWS = join(FITTED, "answer-confidence-qmsum.jsonl");
const MODEL_FILE = join(FITTED, "answer-confidence.json");
/** A Gaussian prior of variance 1/L2 on each (standardised) weight. */
const L2 = Number(args.l2);
const MAX_WRONG = Number(args["max-wrong"]);
const ADVISOR_SETS = ["set1", "set2", "set3"] as const;
const DEFAULT_FEATURES =
  "formRecords,formList,leadFigure,figureCoverage,figureAgrees,asksItems,asksRecap,leadScore,margin";

interface Row extends ConfidenceSample {
  set: string;
  question: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Rows

function setRows(file: string): Row[] {
  const reports = JSON.parse(readFileSync(file, "utf8")) as Record<
    string,
    { answers: { question?: string; q?: string; sample?: ConfidenceSample }[] }
  >;
  return ADVISOR_SETS.flatMap((set) =>
    (reports[set]?.answers ?? []).flatMap((a) =>
      a.sample ? [{ ...a.sample, set, question: a.question ?? a.q ?? "" }] : [],
    ),
  );
}

/** QMSum train: each specific query asked of its meeting; positive when the lead was said inside a gold span. */
async function qmsumRows(path: string, meetings: number): Promise<Row[]> {
  const data = loadQmsum(path).slice(0, meetings);
  // The hashing embedder by default: sentences are scored by their words first (scoreForQuestion) and retrieval is
  // inside the query's one meeting, so the features read much as with the encoder, at a fraction of the time.
  const encoder =
    args.embedder === "hashing"
      ? createHashingEmbedder()
      : createLocalEngine({ embedder: "sentence-encoder" }).embedder;
  const cache =
    args["vector-cache"] && args.embedder !== "hashing" ? withVectorCache(encoder, args["vector-cache"]) : null;
  const embedder = cache ?? encoder;
  const db = await createTestDatabase();
  try {
    const corpus = await loadCorpus(db.sql, embedder, data);
    cache?.save();
    const idOf = new Map([...corpus.meetingIndex].map(([id, index]) => [index, id]));
    const store = createAnswerStore(db.sql);
    const rows: Row[] = [];
    for (const [index, meeting] of data.entries()) {
      console.error(`  QMSum meeting ${index + 1} of ${data.length}`);
      const turns = meeting.segments.map((s) => s.text.replace(/\s+/g, " "));
      for (const query of meeting.queries) {
        const ctx = await gatherContext(store, embedder, corpus.userId, query.query, [], undefined, undefined, [
          idOf.get(index)!,
        ]);
        const { confidence, features } = answerConfidence(ctx, LEADS_WHEN_FOUND);
        if (confidence === "nothing") continue;
        const lead = ctx.evidence?.[0];
        const said = lead?.reply?.text ?? lead?.text;
        if (!said) continue;
        // The turn the lead was said in (its first words): inside a gold span or not.
        const probe = said.slice(0, 60);
        const turn = turns.findIndex((t) => t.includes(probe));
        if (turn < 0) continue;
        const leads = query.spans.some(([a, b]) => turn >= a && turn <= b);
        rows.push({
          set: "qmsum",
          question: query.query,
          features,
          leads,
          found: true,
          answerable: true,
          in400AsAnswer: leads,
          in400AsPassages: leads,
        });
      }
    }
    return rows;
  } finally {
    await db.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Fit and measure

/** The rows: the sets' from --sets (else as saved), QMSum's collected when --qmsum-meetings is above 0 (else as saved). */
async function loadRows(): Promise<Row[]> {
  const sets = args.sets ? setRows(args.sets) : readRows(SET_ROWS);
  const meetings = Number(args["qmsum-meetings"]);
  const qmsum = meetings > 0 ? await qmsumRows(args.qmsum!, meetings) : readRows(QMSUM_ROWS);
  if (!args.check) {
    if (args.sets) writeRows(SET_ROWS, sets);
    if (meetings > 0) writeRows(QMSUM_ROWS, qmsum);
  }
  return [...sets, ...qmsum];
}

const writeRows = (file: string, rows: Row[]) =>
  writeFileSync(file, `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`);

function readRows(file: string): Row[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Row);
}

const rows = await loadRows();
// --collect: the rows saved, nothing fitted (QMSum's rows collected while the sets' bench still runs).
if (args.collect) process.exit(0);
/**
 * The features fitted (the answer path computes more; the model names the ones it weighs): how the answer leads, the
 * lead's own scores, whether it holds the kind of fact asked, its margin over the runner-up, and whether it is a
 * question said in the meeting. Flags that hardly vary over the sets (a follow-up, a client named, off the subject,
 * from the notes) are left out: with about 130 labelled answers they would be fitted to a handful of cases.
 */
const FEATURES = (args.features ?? DEFAULT_FEATURES).split(",").filter((f) => f in (rows[0]?.features ?? {}));
const x = (r: Row) => FEATURES.map((f) => r.features[f] ?? 0);

/**
 * Fitted on the rows of these sets: each advisor set and QMSum weigh the same in total. Features are standardised for
 * the fit (so the L2 prior treats them alike) and the weights written back on the raw features.
 */
function fit(train: Row[]): Model {
  const found = train.filter((r) => r.found);
  const perSet = new Map<string, number>();
  for (const r of found) perSet.set(r.set, (perSet.get(r.set) ?? 0) + 1);
  const mean = FEATURES.map((_, k) => found.reduce((sum, r) => sum + x(r)[k]!, 0) / Math.max(1, found.length));
  const sd = FEATURES.map((_, k) => {
    const v = found.reduce((sum, r) => sum + (x(r)[k]! - mean[k]!) ** 2, 0) / Math.max(1, found.length);
    return Math.sqrt(v) || 1;
  });
  const share = found.length / Math.max(1, perSet.size);
  const examples: Example[] = found.map((r) => ({
    x: x(r).map((v, k) => (v - mean[k]!) / sd[k]!),
    y: r.leads ? 1 : 0,
    count: share / perSet.get(r.set)!,
  }));
  const standard = fitLogisticNewton(examples, { l2: L2 });
  const weights = standard.weights.map((w, k) => w / sd[k]!);
  const intercept = standard.intercept - standard.weights.reduce((sum, w, k) => sum + (w * mean[k]!) / sd[k]!, 0);
  return { intercept, weights };
}

interface SetFigures {
  confident: number;
  wrong: number;
  answerable: number;
  confidentAnswerable: number;
  in400: number;
}

function measure(model: Model, threshold: number, set: Row[]): SetFigures {
  const f: SetFigures = { confident: 0, wrong: 0, answerable: 0, confidentAnswerable: 0, in400: 0 };
  for (const r of set) {
    const sure = r.found && probability(model, { x: x(r) }) >= threshold;
    if (sure) {
      f.confident++;
      if (!r.leads) f.wrong++;
    }
    if (!r.answerable) continue;
    f.answerable++;
    if (sure) f.confidentAnswerable++;
    if (sure ? r.in400AsAnswer : r.in400AsPassages) f.in400++;
  }
  return f;
}

/** The lowest threshold at which every set given has at most MAX_WRONG wrong leads among its confident answers. */
function chooseThreshold(model: Model, sets: Row[][]): number {
  const candidates = [...new Set(sets.flat().map((r) => Number(probability(model, { x: x(r) }).toFixed(4))))].sort(
    (a, b) => a - b,
  );
  for (const t of candidates) {
    if (
      sets.every((s) => {
        const f = measure(model, t, s);
        return f.confident === 0 || f.wrong <= MAX_WRONG * f.confident;
      })
    )
      return t;
  }
  return 1.01;
}

const bySet = (set: string) => rows.filter((r) => r.set === set);
const pct = (n: number, d: number) => `${n}/${d} (${d ? Math.round((100 * n) / d) : 0}%)`;
const line = (label: string, f: SetFigures) =>
  `| ${label} | ${pct(f.wrong, f.confident)} | ${pct(f.confidentAnswerable, f.answerable)} | ${pct(f.in400, f.answerable)} |`;

console.log(
  `rows: ${ADVISOR_SETS.map((s) => `${s} ${bySet(s).length}`).join(", ")}, qmsum ${bySet("qmsum").length}; ` +
    `features: ${FEATURES.join(", ")}`,
);
console.log("\nLeave-one-set-out (fitted on the other two sets and QMSum, threshold chosen on the other two):\n");
console.log("| held out | wrong leads among confident | confident (of answerable) | fact within 400 (of answerable) |");
console.log("|---|---:|---:|---:|");
const wrongLeads: string[] = [];
for (const held of ADVISOR_SETS) {
  const others = ADVISOR_SETS.filter((s) => s !== held);
  const model = fit(rows.filter((r) => r.set !== held));
  const threshold = chooseThreshold(
    model,
    others.map((s) => bySet(s)),
  );
  const heldRows = bySet(held).filter((r) => r.found);
  const auc = classifierFigures(
    heldRows.map((r) => ({ y: r.leads ? 1 : 0 })),
    heldRows.map((r) => probability(model, { x: x(r) })),
    threshold,
  ).auc;
  console.log(
    `${line(`${held} (threshold ${threshold.toFixed(3)}, AUC ${auc.toFixed(2)})`, measure(model, threshold, bySet(held)))}`,
  );
  wrongLeads.push(
    ...heldRows
      .filter((r) => !r.leads && probability(model, { x: x(r) }) >= threshold)
      .map((r) => `${held}: ${r.question}`),
  );
}
// The held-out answers that would lead with a wrong fact: what the next feature has to tell apart.
if (wrongLeads.length) console.log(`\nWrong leads held out:\n${wrongLeads.map((q) => `- ${q}`).join("\n")}`);
const always = (set: string) => measure({ intercept: 10, weights: FEATURES.map(() => 0) }, 0, bySet(set));
console.log("\nEvery answer found leads (before confidence):\n");
for (const set of ADVISOR_SETS) console.log(line(set, always(set)));

const model = fit(rows);
const threshold = chooseThreshold(
  model,
  ADVISOR_SETS.map((s) => bySet(s)),
);
console.log(`\nFitted on all (threshold ${threshold.toFixed(3)}), measured on each set (not held out):\n`);
for (const set of ADVISOR_SETS) console.log(line(set, measure(model, threshold, bySet(set))));
const round = (v: number) => Number(v.toFixed(4));
const fitted: ConfidenceModel = {
  features: FEATURES,
  intercept: round(model.intercept),
  weights: model.weights.map(round),
  threshold: round(threshold),
};
console.log(`\n${FEATURES.map((f, i) => `${f} ${fitted.weights[i]}`).join(", ")}; intercept ${fitted.intercept}`);
// As Biome formats it: the numbers on one line, and the names too when that line is within its 120 characters.
const oneLine = (list: string) => list.trim().split(/,\s*/).join(", ");
const json = JSON.stringify(fitted, null, 2)
  .replace(/("weights": \[)([^\]]*)\]/, (_, head: string, list: string) => `${head}${oneLine(list)}]`)
  .replace(/( {2}"features": \[)([^\]]*)\]/, (whole: string, head: string, list: string) =>
    `${head}${oneLine(list)}]`.length <= 120 ? `${head}${oneLine(list)}]` : whole,
  );
if (!args.check) writeFileSync(MODEL_FILE, `${json}\n`);
