// Fits the key-point scorer's weights (ai/src/local/summary/key-point-score.ts: a figure, the count of facts, an
// amount said as a pair, an echoed figure, a decision, already in the summary, a short fact's relevance floor) on the
// key-point candidates of both advisor sets, and prints held-out figures. Run by `bun run fit` after the fact-kinds
// fit (fit-weights.ts), or alone:
//
//   bun run api/bench/fit-key-points.ts            label, fit on both sets, write the data and the weights
//   bun run api/bench/fit-key-points.ts --check    fit and print, write nothing; exit 1 when the committed weights differ
//
// Labelled data: every meeting of both sets is summarised in process by the local engine (hashing embedder, as
// notes-quick.ts), and each candidate the key-point scorer weighs is one row: what the scorer read of it, and whether
// the note it would make carries a truth key fact of its meeting (set 1: a key fact's `pattern`; set 2: a summary
// fact's `re`). Each fact counts once: a candidate carrying a fact that five candidates carry weighs a fifth.
//
// Model: logistic regression of the label on the scorer's features, with the scorer's fixed part (the log of the
// candidate's relevance and of its fact-kinds factor, fitted apart) as an offset. The scorer multiplies
// exp(coefficient · feature), so the fitted coefficients are its weights as they are. The relevance floor is chosen
// among FLOORS by the fit's log-loss on the data fitted on. Plain gradient descent from zero with an L2 penalty:
// the same data always gives the same weights.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import {
  FITTED_WEIGHTS_DIR,
  HAND_SET_KEY_POINT_COEFFICIENTS,
  HAND_SET_RELEVANCE_FLOOR,
  KEY_POINT_FEATURES,
  type KeyPointSignals,
  type KeyPointWeights,
  keyPointFeatureValues,
  keyPointOffset,
  setKeyPointWeights,
} from "@cm/ai/fitting";
import { createHashingEmbedder, type KeyPointTrace, summariseExtractive } from "@cm/ai/local";
import { readTranscriptFile } from "@cm/ai/transcript";
import { FITTED_DATA_DIR, meetingsOf } from "./support/fit-notes";
import { classifierFigures, type Example, fitLogisticNewton, type Model, probability } from "./support/logistic";

const { values: args } = parseArgs({
  options: { check: { type: "boolean", default: false }, "no-notes": { type: "boolean", default: false } },
  strict: false,
});

const DATA_FILE = join(FITTED_DATA_DIR, "key-point-candidates.jsonl");
const WEIGHTS_FILE = join(FITTED_WEIGHTS_DIR, "key-point-weights.json");
/** A prior of variance 1 on each coefficient (towards a factor of 1). */
const FIT = { l2: 1, method: "newton" } as const;
/** The relevance floors the fit chooses among. */
const FLOORS = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8];

interface Row {
  set: 1 | 2;
  meeting: string;
  note: string;
  label: 0 | 1;
  carries: number[];
  signals: KeyPointSignals;
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** Summarises every meeting of the set with the weights given, and returns its candidates and its key-fact figure. */
async function runSet(
  set: 1 | 2,
  weights: KeyPointWeights | null,
): Promise<{ rows: Row[]; found: number; total: number }> {
  const restore = weights ? setKeyPointWeights(weights) : () => {};
  try {
    const rows: Row[] = [];
    let found = 0;
    let total = 0;
    for (const meeting of meetingsOf(set)) {
      const { transcript } = readTranscriptFile(new TextEncoder().encode(meeting.transcriptText));
      let traced: KeyPointTrace[] = [];
      const summary = await summariseExtractive(
        { transcript, title: meeting.title, clientName: meeting.client, meetingDate: meeting.date },
        {
          embedder: createHashingEmbedder(),
          traceKeyPoints: (list) => {
            traced = list;
          },
        },
      );
      // A fact the executive summary or the decisions already hold is no gain for a key point: only the others label.
      const told = [summary.executiveSummary, ...(summary.decisions ?? [])];
      const toldFacts = new Set(
        meeting.facts.flatMap((fact, i) => (told.some((piece) => fact.test(piece)) ? [i] : [])),
      );
      for (const { note, signals } of traced) {
        const carries = meeting.facts.flatMap((fact, i) => (fact.test(note) && !toldFacts.has(i) ? [i] : []));
        rows.push({ set, meeting: meeting.title, note, label: carries.length > 0 ? 1 : 0, carries, signals });
      }
      const pieces = [
        summary.executiveSummary,
        ...summary.keyPoints.map((p) => (typeof p === "string" ? p : p.text)),
        ...(summary.decisions ?? []),
      ];
      const joined = pieces.join("\n");
      total += meeting.facts.length;
      found += meeting.facts.filter((fact) =>
        meeting.pieces ? pieces.some((piece) => fact.test(piece)) : fact.test(joined),
      ).length;
    }
    return { rows, found, total };
  } finally {
    restore();
  }
}

/**
 * Pairs within a meeting: a candidate carrying a new key fact against one carrying none, as the difference of their
 * features (and of their offsets), each pair both ways round so the intercept stays 0. The scorer only ranks the
 * candidates of one meeting against each other, so this is what its weights have to get right (a meeting with few
 * facts to find does not pull the weights the way a pointwise fit lets it). Each fact counts once: a positive's pairs
 * share its weight (one over the candidates carrying the same fact), spread over the meeting's negatives.
 */
function toExamples(rows: Row[], floor: number): Example[] {
  const said = new Map<string, number>();
  const key = (r: Row, fact: number) => `${r.set}#${r.meeting}#${fact}`;
  for (const r of rows) for (const fact of r.carries) said.set(key(r, fact), (said.get(key(r, fact)) ?? 0) + 1);
  const meetings = new Map<string, Row[]>();
  for (const r of rows) {
    const list = meetings.get(`${r.set}#${r.meeting}`) ?? [];
    list.push(r);
    meetings.set(`${r.set}#${r.meeting}`, list);
  }
  const examples: Example[] = [];
  for (const list of meetings.values()) {
    const negatives = list.filter((r) => !r.label);
    for (const positive of list.filter((r) => r.label)) {
      const weight = positive.carries.reduce((sum, fact) => sum + 1 / said.get(key(positive, fact))!, 0);
      const xp = keyPointFeatureValues(positive.signals, floor);
      const op = keyPointOffset(positive.signals);
      for (const negative of negatives) {
        const xn = keyPointFeatureValues(negative.signals, floor);
        const diff = xp.map((v, k) => v - xn[k]!);
        const offset = op - keyPointOffset(negative.signals);
        const count = weight / negatives.length;
        examples.push({ x: diff, offset, y: 1, count });
        examples.push({ x: diff.map((v) => -v), offset: -offset, y: 0, count });
      }
    }
  }
  return examples;
}

function logLoss(model: Model, examples: Example[]): number {
  let loss = 0;
  let weight = 0;
  for (const e of examples) {
    const p = Math.min(1 - 1e-12, Math.max(1e-12, probability(model, e)));
    loss -= (e.count ?? 1) * (e.y ? Math.log(p) : Math.log(1 - p));
    weight += e.count ?? 1;
  }
  return loss / weight;
}

interface Fit {
  weights: KeyPointWeights;
  intercept: number;
  loss: number;
}

/**
 * Fits on the rows, with the features of `fixed` kept at their hand-set coefficient (moved into the offset), the
 * floor chosen among FLOORS by log-loss.
 */
function fit(rows: Row[], fixed: ReadonlySet<string> = new Set()): Fit {
  let best: Fit | null = null;
  const free = KEY_POINT_FEATURES.map((_, k) => k).filter((k) => !fixed.has(KEY_POINT_FEATURES[k]!));
  for (const floor of FLOORS) {
    const examples = toExamples(rows, floor).map((e) => ({
      ...e,
      x: free.map((k) => e.x[k]!),
      offset:
        (e.offset ?? 0) +
        KEY_POINT_FEATURES.reduce(
          (sum, feature, k) => sum + (fixed.has(feature) ? HAND_SET_KEY_POINT_COEFFICIENTS[feature] * e.x[k]! : 0),
          0,
        ),
    }));
    const model = fitLogisticNewton(examples, { l2: FIT.l2, noIntercept: true });
    const loss = logLoss(model, examples);
    if (best === null || loss < best.loss) {
      const coefficients = Object.fromEntries(
        KEY_POINT_FEATURES.map((feature) => [
          feature,
          fixed.has(feature)
            ? HAND_SET_KEY_POINT_COEFFICIENTS[feature]
            : round(model.weights[free.indexOf(KEY_POINT_FEATURES.indexOf(feature))]!, 4),
        ]),
      ) as KeyPointWeights["coefficients"];
      best = { weights: { coefficients, floor }, intercept: round(model.intercept, 4), loss };
    }
  }
  return best!;
}

const HAND: KeyPointWeights = { coefficients: { ...HAND_SET_KEY_POINT_COEFFICIENTS }, floor: HAND_SET_RELEVANCE_FLOOR };

/** The candidate classifier's AUC on rows with these weights (the score the scorer gives, before MMR). */
function auc(rows: Row[], weights: KeyPointWeights): number {
  const scores = rows.map((r) => {
    const values = keyPointFeatureValues(r.signals, weights.floor);
    return KEY_POINT_FEATURES.reduce(
      (sum, feature, k) => sum + weights.coefficients[feature] * values[k]!,
      keyPointOffset(r.signals),
    );
  });
  return classifierFigures(
    rows.map((r) => ({ y: r.label })),
    scores,
    0,
  ).auc;
}

// The data: the candidates as the scorer weighs them with the hand-set weights (the features do not depend on the
// weights; which candidates are weighed does not either).
const handFirst = await runSet(1, HAND);
const handSecond = await runSet(2, HAND);
const first = handFirst.rows;
const second = handSecond.rows;
const both = [...first, ...second];
const positives = (rows: Row[]) => rows.filter((r) => r.label).length;
console.log(
  `key-point candidates: set 1 ${first.length} (${positives(first)} carry a key fact), set 2 ${second.length} (${positives(second)})`,
);

const onFirst = fit(first);
const onSecond = fit(second);
/**
 * Features the two sets, fitted apart, push opposite ways (a factor above 1 on one, below on the other): the data does
 * not settle them, so the fit on both keeps their hand-set coefficient.
 */
const disagree = new Set(
  KEY_POINT_FEATURES.filter(
    (feature) => onFirst.weights.coefficients[feature] * onSecond.weights.coefficients[feature] < 0,
  ),
);
const onBoth = fit(both, disagree);
console.log(`kept at the hand-set weight (the sets disagree): ${[...disagree].join(", ") || "none"}`);

console.log("\nKey-point scorer: factors (exp of the coefficient; facts and below-floor are powers)");
console.log("| feature | hand-set | fitted on set 1 | on set 2 | on both |\n| --- | --- | --- | --- | --- |");
const shown = (w: KeyPointWeights, feature: (typeof KEY_POINT_FEATURES)[number]) =>
  feature === "facts" || feature === "below-floor"
    ? `^${w.coefficients[feature].toFixed(2)}`
    : `×${Math.exp(w.coefficients[feature]).toFixed(2)}`;
for (const feature of KEY_POINT_FEATURES) {
  console.log(
    `| ${feature} | ${shown(HAND, feature)} | ${shown(onFirst.weights, feature)} | ${shown(onSecond.weights, feature)} | ${shown(onBoth.weights, feature)} |`,
  );
}
console.log(
  `| relevance floor | ${HAND.floor} | ${onFirst.weights.floor} | ${onSecond.weights.floor} | ${onBoth.weights.floor} |`,
);

console.log("\nCandidate classifier AUC, hand-set → fitted");
console.log(`  set 1 → set 2 (held out): ${auc(second, HAND).toFixed(3)} → ${auc(second, onFirst.weights).toFixed(3)}`);
console.log(`  set 2 → set 1 (held out): ${auc(first, HAND).toFixed(3)} → ${auc(first, onSecond.weights).toFixed(3)}`);
console.log(`  both → set 1: ${auc(first, HAND).toFixed(3)} → ${auc(first, onBoth.weights).toFixed(3)}`);
console.log(`  both → set 2: ${auc(second, HAND).toFixed(3)} → ${auc(second, onBoth.weights).toFixed(3)}`);

if (!args["no-notes"]) {
  const notes = async (set: 1 | 2, weights: KeyPointWeights) => {
    const { found, total } = await runSet(set, weights);
    return `${found}/${total}`;
  };
  const hand = (set: 1 | 2) =>
    `${(set === 1 ? handFirst : handSecond).found}/${(set === 1 ? handFirst : handSecond).total}`;
  console.log("\nKey facts in the notes (in process, hashing embedder), hand-set → fitted");
  console.log(`  set 2, fitted on set 1 (held out): ${hand(2)} → ${await notes(2, onFirst.weights)}`);
  console.log(`  set 1, fitted on set 2 (held out): ${hand(1)} → ${await notes(1, onSecond.weights)}`);
  console.log(`  set 1, fitted on both: ${hand(1)} → ${await notes(1, onBoth.weights)}`);
  console.log(`  set 2, fitted on both: ${hand(2)} → ${await notes(2, onBoth.weights)}`);
}

const weightsFile = `${JSON.stringify(
  {
    about:
      "Written by `bun run fit` (api/bench/fit-key-points.ts): the key-point scorer's coefficients (log factors), " +
      "fitted on the key-point candidates of both advisor sets. Do not edit by hand.",
    fittedOn: { candidates: both.length, positives: positives(both), ...FIT, floors: FLOORS },
    coefficients: onBoth.weights.coefficients,
    keptHandSet: Object.fromEntries(
      [...disagree].map((feature) => [feature, "fitted on each set apart, one set raises it and the other lowers it"]),
    ),
    floor: onBoth.weights.floor,
    intercept: onBoth.intercept,
  },
  null,
  2,
)}\n`;
const dataFile = `${both.map((r) => JSON.stringify(r)).join("\n")}\n`;

if (args.check) {
  // Compared as values: the formatter may lay the committed file out otherwise (an array on one line).
  const current = await Bun.file(WEIGHTS_FILE)
    .json()
    .catch(() => null);
  if (JSON.stringify(current) !== JSON.stringify(JSON.parse(weightsFile))) {
    console.error("\nthe committed key-point weights differ from this fit: run `bun run fit`");
    process.exit(1);
  }
  console.log("\nthe committed key-point weights are this fit's");
} else {
  writeFileSync(DATA_FILE, dataFile);
  writeFileSync(WEIGHTS_FILE, weightsFile);
  console.log(`\nwrote ${DATA_FILE} (${both.length} candidates) and ${WEIGHTS_FILE}`);
}
