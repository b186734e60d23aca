// Fits the action items' confidence (ai/src/local/action-items/features.ts) on the three advisor sets and prints
// leave-one-set-out figures: fitted on two sets, measured on the third, every direction, then fitted on all three.
//
//   bun run api/bench/fit-action-items.ts            fit, print, write ai/fitted/action-items.json (the all-three fit)
//   bun run api/bench/fit-action-items.ts --check    fit and print, write nothing; exit 1 when the committed weights differ
//   ... --show                                       every candidate of the held-out sets with its confidence
//   ... --curve                                      precision and recall on each held-out set at fixed thresholds
//
// Data: every meeting of each set read in process as the local engine reads it (support/action-item-sets.ts, from a
// fixed run date); every candidate task the reader finds is a row of features, labelled 1 when the bench counts it
// right (set 1: a truth item with the right owner or an acceptable one; sets 2 and 3: an action item or an optional
// one). Model: logistic regression (Newton's method, an L2 prior of variance 1 on each weight; deterministic).
// Threshold: chosen on the sets fitted on, for precision: the lowest confidence at which the items kept there are
// right at least PRECISION_TARGET of the time (as the product keeps them: at most 8 a meeting, the surest first).
// Measured: the bench's own precision and recall (right owner) of the items kept on the set left out.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { ActionItem } from "@cm/ai";
import { ACTION_ITEM_FEATURES, type ActionItemWeights, findActionItemCandidates, loadWordKinds } from "@cm/ai/local";
import { type ItemMeeting, itemMeetings, SET_NUMBERS, type SetNumber } from "./support/action-item-sets";
import { classifierFigures, type Example, fitLogisticNewton, type Model, probability } from "./support/logistic";
import { ROOT } from "./support/upload-harness";

const { values: args } = parseArgs({
  options: {
    check: { type: "boolean", default: false },
    show: { type: "boolean", default: false },
    curve: { type: "boolean", default: false },
  },
  strict: false,
});

const WEIGHTS_FILE = join(ROOT, "ai", "fitted", "action-items.json");
const FIT = { l2: 1 } as const;
/** The precision the threshold is chosen for on the sets fitted on (the target on a set left out is .90). */
const PRECISION_TARGET = 0.95;
const MAX_ACTION_ITEMS = 8;

interface Row {
  set: SetNumber;
  meeting: number;
  item: ActionItem;
  x: number[];
  y: 0 | 1;
}

interface Meeting {
  set: SetNumber;
  run: ItemMeeting;
  rows: Row[];
}

// As the product reads them: with the word lexicon loaded (an organisation named as a task's owner is no person).
await loadWordKinds();
const meetings: Meeting[] = [];
for (const set of SET_NUMBERS) {
  for (const run of itemMeetings(set)) {
    const at = meetings.length;
    const rows = findActionItemCandidates(run.sentences, run.participants).map(
      (candidate): Row => ({
        set,
        meeting: at,
        item: candidate.item,
        x: candidate.features,
        y: run.isRight(candidate.item) ? 1 : 0,
      }),
    );
    meetings.push({ set, run, rows });
  }
}

const toExamples = (rows: Row[]): Example[] => rows.map((row) => ({ x: row.x, y: row.y }));

/** The items a meeting keeps at a threshold: at or above it, the surest eight, in the order said. */
function kept(meeting: Meeting, model: Model, threshold: number): ActionItem[] {
  const weighed = meeting.rows.map((row, order) => ({ row, order, p: probability(model, row) }));
  return weighed
    .filter((w) => w.p >= threshold)
    .sort((a, b) => b.p - a.p)
    .slice(0, MAX_ACTION_ITEMS)
    .sort((a, b) => a.order - b.order)
    .map((w) => w.row.item);
}

interface Counts {
  right: number;
  matched: number;
  predicted: number;
  truth: number;
}

function scoreSet(list: Meeting[], model: Model, threshold: number): Counts {
  const total: Counts = { right: 0, matched: 0, predicted: 0, truth: 0 };
  for (const meeting of list) {
    const counts = meeting.run.score(kept(meeting, model, threshold));
    total.right += counts.right;
    total.matched += counts.matched;
    total.predicted += counts.predicted;
    total.truth += counts.truth;
  }
  return total;
}

/** Every candidate kept: what the reader finds before any confidence. */
const EVERYTHING: Model = { intercept: 0, weights: ACTION_ITEM_FEATURES.map(() => 0) };

/** The lowest threshold at which the sets fitted on keep items right at least PRECISION_TARGET of the time. */
function chooseThreshold(list: Meeting[], model: Model): number {
  const scores = [...new Set(list.flatMap((m) => m.rows.map((row) => probability(model, row))))].sort((a, b) => a - b);
  for (const threshold of scores) {
    const counts = scoreSet(list, model, threshold);
    if (counts.predicted > 0 && counts.right / counts.predicted >= PRECISION_TARGET) return threshold;
  }
  return 1;
}

const ratio = (n: number, of: number) => (of === 0 ? "-" : `${(n / of).toFixed(2)} (${n}/${of})`);
const round = (value: number) => Number(value.toFixed(4));

function fitOn(list: Meeting[]): { model: Model; threshold: number } {
  const model = fitLogisticNewton(toExamples(list.flatMap((m) => m.rows)), FIT);
  return { model, threshold: chooseThreshold(list, model) };
}

console.log("Candidates (every task the reader finds) and what keeping them all scores, per set:");
for (const set of SET_NUMBERS) {
  const list = meetings.filter((m) => m.set === set);
  const rows = list.flatMap((m) => m.rows);
  const all = scoreSet(list, EVERYTHING, 0);
  console.log(
    `  set ${set}: ${rows.length} candidates, ${rows.filter((r) => r.y === 1).length} right; all kept (8 a meeting): precision ${ratio(all.right, all.predicted)}, recall ${ratio(all.matched, all.truth)}`,
  );
}

console.log("\nLeave-one-set-out (fitted on → measured on; threshold chosen on the sets fitted on):");
console.log("| fitted on → measured on | threshold | AUC | precision | recall (right owner) |");
console.log("| --- | --- | --- | --- | --- |");
for (const held of SET_NUMBERS) {
  const train = meetings.filter((m) => m.set !== held);
  const test = meetings.filter((m) => m.set === held);
  const { model, threshold } = fitOn(train);
  const testRows = test.flatMap((m) => m.rows);
  const auc = classifierFigures(
    testRows,
    testRows.map((row) => probability(model, row)),
    threshold,
  ).auc;
  const counts = scoreSet(test, model, threshold);
  const others = SET_NUMBERS.filter((s) => s !== held).join(" + ");
  console.log(
    `| sets ${others} → set ${held} | ${threshold.toFixed(3)} | ${auc.toFixed(3)} | ${ratio(counts.right, counts.predicted)} | ${ratio(counts.matched, counts.truth)} |`,
  );
  if (args.curve) {
    for (const t of [0.3, 0.4, 0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95]) {
      const c = scoreSet(test, model, t);
      console.log(`    at ${t}: precision ${ratio(c.right, c.predicted)}, recall ${ratio(c.matched, c.truth)}`);
    }
  }
  if (args.show) {
    for (const meeting of test) {
      for (const row of meeting.rows) {
        const p = probability(model, row);
        console.log(
          `    ${row.y ? "+" : "-"} ${p.toFixed(2)} ${p >= threshold ? "KEEP" : "    "} ${meeting.run.file}: ${row.item.assignee}: ${row.item.task}`,
        );
      }
    }
  }
}

const { model, threshold } = fitOn(meetings);
for (const set of SET_NUMBERS) {
  const counts = scoreSet(
    meetings.filter((m) => m.set === set),
    model,
    threshold,
  );
  console.log(
    `| sets 1 + 2 + 3 → set ${set} | ${threshold.toFixed(3)} | - | ${ratio(counts.right, counts.predicted)} | ${ratio(counts.matched, counts.truth)} |`,
  );
}

const weights: ActionItemWeights = {
  intercept: round(model.intercept),
  weights: Object.fromEntries(ACTION_ITEM_FEATURES.map((name, k) => [name, round(model.weights[k] ?? 0)])),
  threshold: round(threshold),
};
console.log("\nWeights fitted on all three sets (log-odds):");
for (const [name, weight] of Object.entries(weights.weights)) console.log(`  ${name.padEnd(20)} ${weight.toFixed(2)}`);
console.log(`  ${"(intercept)".padEnd(20)} ${weights.intercept.toFixed(2)}; threshold ${weights.threshold}`);

const text = `${JSON.stringify(weights, null, 2)}\n`;
if (args.check) {
  const committed = readFileSync(WEIGHTS_FILE, "utf8");
  if (committed !== text) {
    console.log(`\n${WEIGHTS_FILE} differs from this fit: run without --check to write it.`);
    process.exit(1);
  }
  console.log("\nThe committed weights are this fit's.");
} else {
  writeFileSync(WEIGHTS_FILE, text);
  console.log(`\nWrote ${WEIGHTS_FILE}`);
}
