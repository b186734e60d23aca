// Fits the key-fact weights of the notes engine (the fact-kinds rule table, ai/src/local/summary/fact-weight.rules.ts)
// on labelled sentences derived from the truth files of both advisor sets, and prints held-out figures.
//
//   bun run fit                 label, fit on both sets, write the data and the weights, print every figure
//   bun run fit --no-notes      skip writing the notes again with each set of weights (the slow part)
//   bun run fit --check         fit and print, write nothing; exit 1 when the committed weights differ
//
// After it, the key-point scorer's weights are fitted the same way (api/bench/fit-key-points.ts).
//
// The model: logistic regression on whether a sentence carries a truth key fact, over the sentences whose weight the
// table sets (those that state a fact or write a figure: key-point candidates for their facts), with one 0/1 feature per rule of
// the table (does it match what the notes weigh for the sentence) and, as a fixed offset, the log of the factor the
// scorer already gives a sentence for its facts (1 + min(facts, 3), summarise-extractive.ts). exp(coefficient) is
// then the rule's multiplier, as the scorer multiplies them. Plain gradient descent with an L2 penalty, from zero:
// the same data always gives the same weights. A rule keeps its hand-set weight where the data does not settle it
// (matched by fewer than MIN_SUPPORT sentences, or pushed opposite ways by the two sets fitted apart) and where
// KEPT_BY_HAND says why; the weights file lists each with its reason.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { FITTED_WEIGHTS_DIR, factKinds, HAND_SET_WEIGHTS } from "@cm/ai/fitting";
import { findAdvisorSet } from "./support/advisor-set";
import { findSecondSet } from "./support/advisor-set-2";
import { FITTED_DATA_DIR, keyFactsInNotes } from "./support/fit-notes";
import { type LabelledSentence, labelFirstSet, labelSecondSet } from "./support/key-fact-sentences";
import {
  bestThreshold,
  type ClassifierFigures,
  classifierFigures,
  type Example,
  fitLogistic,
} from "./support/logistic";
import { ROOT } from "./support/upload-harness";

const { values: args } = parseArgs({
  options: {
    "no-notes": { type: "boolean", default: false },
    check: { type: "boolean", default: false },
  },
});

const DATA_FILE = join(FITTED_DATA_DIR, "key-fact-sentences.jsonl");
const WEIGHTS_FILE = join(FITTED_WEIGHTS_DIR, "fact-weights.json");
/** Sentences a rule must match in the training data for its weight to be fitted. */
const MIN_SUPPORT = 10;
/** A prior of variance 1 on each log-weight; enough steps that another 10,000 move no weight in the third decimal. */
const FIT = { l2: 1, steps: 60_000, rate: 1 } as const;
const RULE_IDS = factKinds.rules.map((rule) => rule.id);
/** The weights typed by hand before fitting: the baseline, and kept for rules too rare to fit. */
const HAND_SET = HAND_SET_WEIGHTS;

const offset = (s: LabelledSentence) => (s.facts > 0 ? Math.log(1 + Math.min(s.facts, 3)) : 0);
/**
 * Each fact counts once, as the notes figure counts it: a positive sentence weighs the sum, over the facts it
 * carries, of one over the number of sentences (of the data fitted on) that carry that fact. A fact said five times
 * does not count five times for the kind of sentence that repeats it.
 */
function toExamples(sentences: LabelledSentence[]): Example[] {
  const said = new Map<string, number>();
  const key = (s: LabelledSentence, fact: number) => `${s.meeting}#${fact}`;
  for (const s of sentences) for (const fact of s.carries) said.set(key(s, fact), (said.get(key(s, fact)) ?? 0) + 1);
  return sentences.map((s) => ({
    x: RULE_IDS.map((id) => s.rules[id]!),
    offset: offset(s),
    y: s.label,
    count: s.label ? s.carries.reduce((sum, fact) => sum + 1 / said.get(key(s, fact))!, 0) : 1,
  }));
}

interface Fitted {
  weights: Record<string, number>;
  coefficients: Record<string, number>;
  intercept: number;
  /** Rules kept at their hand-set weight, and why. */
  kept: Record<string, string>;
}

/**
 * Rules whose fitted weight is not used, and why. The money rule: the sentence fit raises it from 1.5 to about 4.7
 * (money sentences carry most key facts), yet with that weight the notes lose key facts on both sets, held out and
 * not (printed below, "every rule fitted"): the scorer already favours money
 * through the count of facts and the weight of an amount said as a pair of number words, which the sentence fit
 * does not see, so a larger weight crowds out the facts that are not money (an age, a year, a medicine).
 */
const KEPT_BY_HAND: Record<string, string> = {
  "money-or-written-fact":
    "fitted about 4.7; with it the notes lose key facts on both sets (the scorer favours money already through the " +
    "fact count and the shorthand-amount weight, which the sentence fit does not see)",
};

interface FitResult extends Fitted {
  /** Every rule at its fitted weight (only rules too rare to fit kept), for the comparison. */
  raw: Record<string, number>;
}

/**
 * Fits on the sentences. `disagree`: rules the two sets, fitted apart, push opposite ways (one above 1, the other
 * below, each fitted on enough matches): the data does not settle them, so they keep their hand-set weight.
 */
function fit(sentences: LabelledSentence[], disagree: ReadonlySet<string> = new Set()): FitResult {
  const examples = toExamples(sentences);
  const model = fitLogistic(examples, FIT);
  const weights: Record<string, number> = {};
  const raw: Record<string, number> = {};
  const coefficients: Record<string, number> = {};
  const kept: Record<string, string> = {};
  RULE_IDS.forEach((id, k) => {
    const support = sentences.filter((s) => s.rules[id] === 1).length;
    coefficients[id] = round(model.weights[k]!, 4);
    raw[id] = support < MIN_SUPPORT ? HAND_SET[id]! : round(Math.exp(model.weights[k]!), 3);
    if (support < MIN_SUPPORT) kept[id] = `matched by ${support} sentences, fewer than ${MIN_SUPPORT}: too few to fit`;
    else if (id in KEPT_BY_HAND) kept[id] = KEPT_BY_HAND[id]!;
    else if (disagree.has(id)) kept[id] = "fitted on each set apart, one set raises it and the other lowers it";
    weights[id] = id in kept ? HAND_SET[id]! : raw[id]!;
  });
  return { weights, raw, coefficients, intercept: round(model.intercept, 4), kept };
}

/** Scores sentences as the scorer does with these weights: the facts factor times each matching rule's weight. */
function scores(sentences: LabelledSentence[], weights: Record<string, number>): number[] {
  return sentences.map(
    (s) => offset(s) + RULE_IDS.reduce((sum, id) => sum + (s.rules[id] ? Math.log(weights[id]!) : 0), 0),
  );
}

const labels = (sentences: LabelledSentence[]) => sentences.map((s) => ({ y: s.label }));

/**
 * The classifier's figures on `scored` with these weights; its threshold is the one that maximised F1 on the
 * sentences the weights were fitted on (`fittedOn`), so held-out precision and recall use no held-out label.
 */
function figures(
  scored: LabelledSentence[],
  weights: Record<string, number>,
  fittedOn: LabelledSentence[],
): ClassifierFigures {
  const threshold = bestThreshold(labels(fittedOn), scores(fittedOn, weights));
  return classifierFigures(labels(scored), scores(scored, weights), threshold);
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));
const pct = (value: number) => (Number.isNaN(value) ? "-" : `${(value * 100).toFixed(1)}%`);

function printFigures(label: string, hand: ClassifierFigures, fitted: ClassifierFigures): void {
  console.log(
    `| ${label} | ${fitted.examples} / ${fitted.positives} | ${hand.auc.toFixed(3)} → ${fitted.auc.toFixed(3)} | ` +
      `${pct(hand.precisionAtR)} → ${pct(fitted.precisionAtR)} | ` +
      `${pct(hand.precision)} / ${pct(hand.recall)} → ${pct(fitted.precision)} / ${pct(fitted.recall)} |`,
  );
}

const firstAll = labelFirstSet(findAdvisorSet(ROOT));
const secondAll = labelSecondSet(findSecondSet(ROOT));
const first = firstAll.filter((s) => s.figured);
const second = secondAll.filter((s) => s.figured);
const both = [...first, ...second];
console.log(`labelled: set 1 ${count(firstAll)}; set 2 ${count(secondAll)}`);
console.log("fitted and scored on the sentences that state a fact or write a figure:");
function count(list: LabelledSentence[]): string {
  return `${list.length} sentences, ${list.filter((s) => s.label).length} carry a key fact`;
}
console.log(`set 1: ${count(first)}; set 2: ${count(second)}`);
console.log(
  `rule support (sentences matched, set 1 / set 2): ${RULE_IDS.map((id) => `${id} ${first.filter((s) => s.rules[id]).length}/${second.filter((s) => s.rules[id]).length}`).join(", ")}`,
);

const onFirst = fit(first);
const onSecond = fit(second);
const fittedApart = (f: FitResult, id: string) => !(id in f.kept) || id in KEPT_BY_HAND;
const disagree = new Set(
  RULE_IDS.filter(
    (id) =>
      fittedApart(onFirst, id) &&
      fittedApart(onSecond, id) &&
      Math.sign(Math.log(onFirst.raw[id]!)) * Math.sign(Math.log(onSecond.raw[id]!)) < 0,
  ),
);
const onBoth = fit(both, disagree);

console.log(
  "\nWeights (hand-set, then fitted on set 1, set 2, both; * kept at the hand-set weight in use, see keptHandSet)",
);
console.log("| rule | hand | set 1 | set 2 | both |\n| --- | --- | --- | --- | --- |");
for (const id of RULE_IDS) {
  const show = (f: FitResult) => `${f.raw[id]}${id in f.kept ? "*" : ""}`;
  console.log(`| ${id} | ${HAND_SET[id]} | ${show(onFirst)} | ${show(onSecond)} | ${show(onBoth)} |`);
}

console.log(
  "\nSentence classifier, hand-set → fitted weights (AUC; precision at R, R the number of positives; precision / " +
    "recall at the threshold that maximised F1 on the set fitted on)",
);
console.log("| fitted on → scored on | sentences / positives | AUC | precision at R | precision / recall |");
console.log("| --- | --- | --- | --- | --- |");
printFigures("set 1 → set 2 (held out)", figures(second, HAND_SET, first), figures(second, onFirst.raw, first));
printFigures("set 2 → set 1 (held out)", figures(first, HAND_SET, second), figures(first, onSecond.raw, second));
printFigures("both → set 1", figures(first, HAND_SET, both), figures(first, onBoth.raw, both));
printFigures("both → set 2", figures(second, HAND_SET, both), figures(second, onBoth.raw, both));

if (!args["no-notes"]) {
  console.log(
    "\nKey facts in the notes (summariseExtractive in process, each set's own rule): hand-set → every rule fitted → " +
      "the weights in use (kept rules at their hand-set weight)",
  );
  const notes = async (set: 1 | 2, weights: Record<string, number>) => {
    const { found, total } = await keyFactsInNotes(set, weights);
    return `${found}/${total}`;
  };
  const hand = { 1: await notes(1, HAND_SET), 2: await notes(2, HAND_SET) };
  const line = async (label: string, set: 1 | 2, fitted: FitResult) =>
    console.log(`  ${label}: ${hand[set]} → ${await notes(set, fitted.raw)} → ${await notes(set, fitted.weights)}`);
  await line("set 2, fitted on set 1 (held out)", 2, onFirst);
  await line("set 1, fitted on set 2 (held out)", 1, onSecond);
  await line("set 1, fitted on both", 1, onBoth);
  await line("set 2, fitted on both", 2, onBoth);
}

const weightsFile = `${JSON.stringify(
  {
    about:
      "Written by `bun run fit` (api/bench/fit-weights.ts): the fact-kinds rule weights, fitted on both advisor sets. " +
      "Do not edit by hand.",
    fittedOn: {
      sentences: both.length,
      positives: both.filter((s) => s.label).length,
      ...FIT,
      minSupport: MIN_SUPPORT,
    },
    weights: onBoth.weights,
    keptHandSet: onBoth.kept,
    coefficients: onBoth.coefficients,
    intercept: onBoth.intercept,
  },
  null,
  2,
)}\n`;
// The sentences fitted on (the others carry no figure and no fact: their count is printed above).
const dataFile = `${both.map((s) => JSON.stringify(s)).join("\n")}\n`;

if (args.check) {
  const current = await Bun.file(WEIGHTS_FILE)
    .text()
    .catch(() => "");
  if (current !== weightsFile) {
    console.error("\nthe committed weights differ from this fit: run `bun run fit`");
    process.exit(1);
  }
  console.log("\nthe committed weights are this fit's");
} else {
  writeFileSync(DATA_FILE, dataFile);
  writeFileSync(WEIGHTS_FILE, weightsFile);
  console.log(`\nwrote ${DATA_FILE} (${both.length} sentences) and ${WEIGHTS_FILE}`);
}

// Then the key-point scorer's own weights (fit-key-points.ts reads the same --check and --no-notes).
console.log("\n--- the key-point scorer (api/bench/fit-key-points.ts) ---");
await import("./fit-key-points");
