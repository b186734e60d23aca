// Logistic regression by plain gradient descent with an L2 penalty, and the figures of a sentence classifier
// (precision, recall, area under the ROC curve). Deterministic: the weights start at zero and every step uses the
// whole data set in a fixed order, so the same data always gives the same weights.

export interface Example {
  /** One value per feature (the intercept is added by the fit). */
  x: readonly number[];
  /** Added to the log-odds with a fixed coefficient of 1: a factor the scorer already applies. */
  offset?: number;
  y: 0 | 1;
  /** How many examples this one stands for (identical examples are fitted as one; 1 when absent). */
  count?: number;
}

export interface FitOptions {
  /** L2 penalty on the feature weights (not the intercept) over the whole data set: a Gaussian prior of variance 1/l2. */
  l2: number;
  steps: number;
  rate: number;
  /** Weight of a positive example against a negative one (1: as many as there are; >1 makes up for few). */
  positiveWeight?: number;
}

export interface Model {
  intercept: number;
  weights: number[];
}

const sigmoid = (z: number) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

/** The log-odds the model gives an example. */
export function logOdds(model: Model, example: Pick<Example, "x" | "offset">): number {
  let z = model.intercept + (example.offset ?? 0);
  for (let k = 0; k < model.weights.length; k++) z += model.weights[k]! * example.x[k]!;
  return z;
}

/** The probability the model gives an example of being positive. */
export function probability(model: Model, example: Pick<Example, "x" | "offset">): number {
  return sigmoid(logOdds(model, example));
}

/** Identical examples (same features, offset and label) as one with their count: the fit is the same, and fast. */
export function grouped(examples: readonly Example[]): Example[] {
  const groups = new Map<string, Example>();
  for (const example of examples) {
    const key = JSON.stringify([example.x, example.offset ?? 0, example.y]);
    const group = groups.get(key);
    if (group) group.count = (group.count ?? 1) + (example.count ?? 1);
    else groups.set(key, { ...example, count: example.count ?? 1 });
  }
  return [...groups.values()];
}

/**
 * Fits by full-batch gradient descent on the summed log-loss plus l2/2 · |w|², each step scaled by the number of
 * examples (so `rate` does not depend on the data's size).
 */
export function fitLogistic(examples: readonly Example[], options: FitOptions): Model {
  const features = examples[0]?.x.length ?? 0;
  const model: Model = { intercept: 0, weights: new Array(features).fill(0) };
  const positiveWeight = options.positiveWeight ?? 1;
  const data = grouped(examples);
  const total = data.reduce((sum, e) => sum + (e.count ?? 1) * (e.y === 1 ? positiveWeight : 1), 0);
  for (let step = 0; step < options.steps; step++) {
    let gradIntercept = 0;
    const grad = new Array(features).fill(0);
    for (const example of data) {
      const weight = (example.count ?? 1) * (example.y === 1 ? positiveWeight : 1);
      const error = (probability(model, example) - example.y) * weight;
      gradIntercept += error;
      for (let k = 0; k < features; k++) grad[k] += error * example.x[k]!;
    }
    model.intercept -= (options.rate * gradIntercept) / total;
    for (let k = 0; k < features; k++) {
      model.weights[k]! -= (options.rate * (grad[k] + options.l2 * model.weights[k]!)) / total;
    }
  }
  return model;
}

/** The score threshold that maximises F1 on examples (the highest such score, so ties stay called positive). */
export function bestThreshold(examples: readonly Pick<Example, "y">[], scores: readonly number[]): number {
  const order = scores.map((score, i) => ({ score, y: examples[i]!.y })).sort((a, b) => b.score - a.score);
  const positives = order.filter((e) => e.y === 1).length;
  let best = { f1: -1, threshold: Number.POSITIVE_INFINITY };
  let hits = 0;
  for (let i = 0; i < order.length; i++) {
    if (order[i]!.y === 1) hits++;
    // Only between distinct scores: a threshold cannot split a tie.
    if (i + 1 < order.length && order[i + 1]!.score === order[i]!.score) continue;
    const f1 = (2 * hits) / (i + 1 + positives);
    if (f1 > best.f1) best = { f1, threshold: order[i]!.score };
  }
  return best.threshold;
}

export interface ClassifierFigures {
  examples: number;
  positives: number;
  /** Area under the ROC curve: the chance a positive is scored above a negative (ties count half). */
  auc: number;
  /** Precision and recall with the top N scored called positive, N the number of positives (R-precision). */
  precisionAtR: number;
  /** Precision and recall with every example scored at or above the threshold called positive (the threshold
   * that maximised F1 where the weights were fitted). */
  precision: number;
  recall: number;
  threshold: number;
}

/** The classifier's figures on examples, for scores given to them (higher: more likely positive). */
export function classifierFigures(
  examples: readonly Pick<Example, "y">[],
  scores: readonly number[],
  threshold: number,
): ClassifierFigures {
  const order = scores.map((score, i) => ({ score, y: examples[i]!.y })).sort((a, b) => b.score - a.score);
  const positives = order.filter((e) => e.y === 1).length;
  const negatives = order.length - positives;
  // AUC by ranks, ties sharing their mean rank.
  let rankSum = 0;
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j < order.length && order[j]!.score === order[i]!.score) j++;
    const meanRank = order.length - (i + j - 1) / 2; // ranks counted from the lowest score, 1-based
    for (let k = i; k < j; k++) if (order[k]!.y === 1) rankSum += meanRank;
    i = j;
  }
  const auc =
    positives === 0 || negatives === 0
      ? Number.NaN
      : (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
  const top = order.slice(0, positives);
  const called = order.filter((e) => e.score >= threshold);
  const hits = called.filter((e) => e.y === 1).length;
  return {
    examples: order.length,
    positives,
    auc,
    precisionAtR: positives === 0 ? Number.NaN : top.filter((e) => e.y === 1).length / positives,
    precision: called.length === 0 ? Number.NaN : hits / called.length,
    recall: positives === 0 ? Number.NaN : hits / positives,
    threshold,
  };
}

/**
 * The same fit (summed log-loss plus l2/2 · |w|², the intercept unpenalised) by Newton's method: a few steps, each
 * solving the features' Hessian, so data of many thousands of examples (the pairs of the key-point fit) fits in a
 * second. Deterministic like fitLogistic, and converges to the same optimum. `noIntercept` keeps the intercept at 0
 * (data given both ways round).
 */
export function fitLogisticNewton(
  examples: readonly Example[],
  options: { l2: number; steps?: number; noIntercept?: boolean },
): Model {
  const features = examples[0]?.x.length ?? 0;
  const n = features + (options.noIntercept ? 0 : 1);
  const beta = new Array<number>(n).fill(0);
  const row = (e: Example) => (options.noIntercept ? [...e.x] : [...e.x, 1]);
  const model = (): Model => ({
    intercept: options.noIntercept ? 0 : beta[features]!,
    weights: beta.slice(0, features),
  });
  for (let step = 0; step < (options.steps ?? 25); step++) {
    const grad = new Array<number>(n).fill(0);
    const hess = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    const current = model();
    for (const e of examples) {
      const x = row(e);
      const p = probability(current, e);
      const c = e.count ?? 1;
      const w = c * p * (1 - p);
      for (let i = 0; i < n; i++) {
        grad[i]! += c * (p - e.y) * x[i]!;
        for (let j = 0; j < n; j++) hess[i]![j]! += w * x[i]! * x[j]!;
      }
    }
    for (let i = 0; i < features; i++) {
      grad[i]! += options.l2 * beta[i]!;
      hess[i]![i]! += options.l2;
    }
    const delta = solve(hess, grad);
    let moved = 0;
    for (let i = 0; i < n; i++) {
      beta[i]! -= delta[i]!;
      moved = Math.max(moved, Math.abs(delta[i]!));
    }
    if (moved < 1e-10) break;
  }
  return model();
}

/** Solves a · x = b by Gaussian elimination with partial pivoting (a small, positive definite system). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((r, i) => [...r, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]![col]! || 1e-12;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / p;
      for (let k = col; k <= n; k++) m[r]![k]! -= f * m[col]![k]!;
    }
  }
  return m.map((r, i) => r[n]! / (r[i]! || 1e-12));
}
