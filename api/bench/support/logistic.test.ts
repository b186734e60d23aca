import { describe, expect, test } from "bun:test";
import { bestThreshold, classifierFigures, type Example, fitLogistic, fitLogisticNewton, grouped } from "./logistic";

// Data drawn from known odds: with the feature, 3 in 4 are positive; without it, 1 in 4.
const data: Example[] = [
  ...Array.from({ length: 40 }, (_, i): Example => ({ x: [1], y: i % 4 === 0 ? 0 : 1 })),
  ...Array.from({ length: 40 }, (_, i): Example => ({ x: [0], y: i % 4 === 0 ? 1 : 0 })),
];

describe("logistic regression", () => {
  test("recovers the log-odds of the data without a penalty, the same every time", () => {
    const model = fitLogistic(data, { l2: 0, steps: 20_000, rate: 1 });
    expect(model.intercept).toBeCloseTo(Math.log(1 / 3), 2);
    expect(model.weights[0]!).toBeCloseTo(Math.log(9), 2);
    expect(fitLogistic(data, { l2: 0, steps: 20_000, rate: 1 })).toEqual(model);
  });

  test("a penalty draws a weight toward zero", () => {
    const free = fitLogistic(data, { l2: 0, steps: 5_000, rate: 1 });
    const held = fitLogistic(data, { l2: 20, steps: 5_000, rate: 1 });
    expect(held.weights[0]!).toBeLessThan(free.weights[0]!);
    expect(held.weights[0]!).toBeGreaterThan(0);
  });

  test("Newton's method reaches the same optimum as gradient descent, with or without a penalty", () => {
    for (const l2 of [0, 5]) {
      const descent = fitLogistic(data, { l2, steps: 40_000, rate: 1 });
      const newton = fitLogisticNewton(data, { l2 });
      expect(newton.intercept).toBeCloseTo(descent.intercept, 3);
      expect(newton.weights[0]!).toBeCloseTo(descent.weights[0]!, 3);
    }
  });

  test("Newton without an intercept, on pairs given both ways round", () => {
    const pairs = data.flatMap((e): Example[] => [e, { x: e.x.map((v) => -v), y: e.y === 1 ? 0 : 1 }]);
    const model = fitLogisticNewton(pairs, { l2: 0, noIntercept: true });
    expect(model.intercept).toBe(0);
    expect(model.weights[0]!).toBeGreaterThan(0);
  });

  test("an offset is taken as given", () => {
    const withOffset = data.map((e) => ({ ...e, offset: e.x[0]! * Math.log(9) }));
    expect(fitLogistic(withOffset, { l2: 0, steps: 20_000, rate: 1 }).weights[0]!).toBeCloseTo(0, 2);
  });

  test("identical examples are grouped with their count", () => {
    expect(grouped(data)).toHaveLength(4);
    expect(grouped(data).reduce((sum, e) => sum + (e.count ?? 1), 0)).toBe(80);
  });
});

describe("classifier figures", () => {
  test("AUC counts ties as half; precision and recall at a threshold; precision at R", () => {
    const labels = [{ y: 1 }, { y: 0 }, { y: 1 }, { y: 0 }] as const;
    const figures = classifierFigures(labels, [0.9, 0.8, 0.5, 0.5], 0.7);
    expect(figures.auc).toBeCloseTo(0.625, 6);
    expect(figures.precision).toBe(0.5);
    expect(figures.recall).toBe(0.5);
    expect(figures.precisionAtR).toBe(0.5);
  });

  test("the best threshold maximises F1 and never splits a tie", () => {
    expect(bestThreshold([{ y: 1 }, { y: 1 }, { y: 0 }, { y: 0 }], [4, 3, 2, 1])).toBe(3);
    expect(bestThreshold([{ y: 1 }, { y: 0 }, { y: 1 }], [2, 2, 1])).toBe(1);
  });
});
