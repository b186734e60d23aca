import { describe, expect, test } from "bun:test";
import {
  HAND_SET_KEY_POINT_COEFFICIENTS,
  HAND_SET_RELEVANCE_FLOOR,
  type KeyPointSignals,
  keyPointOffset,
  keyPointWeight,
  keyPointWeights,
  lifeEventWeight,
} from "./key-point-score";

const HAND = { coefficients: { ...HAND_SET_KEY_POINT_COEFFICIENTS }, floor: HAND_SET_RELEVANCE_FLOOR };
const plain: KeyPointSignals = {
  figure: true,
  concrete: 2,
  shorthandMoney: false,
  echoed: false,
  decision: false,
  inSummary: false,
  relevance: 0.8,
  whole: true,
  factWeight: 1.5,
  exchange: false,
  openQuestion: false,
  words: 8,
};

describe("the key-point scorer", () => {
  test("with the hand-set coefficients it is the product the scorer typed before the fit", () => {
    // ×1.3 a figure, ×(1 + 2) two facts, ×1.5 the fact kind.
    expect(keyPointWeight(plain, HAND)).toBeCloseTo(1.3 * 3 * 1.5, 6);
    expect(keyPointWeight({ ...plain, echoed: true, inSummary: true }, HAND)).toBeCloseTo(1.3 * 3 * 1.5 * 1.5 * 0.5, 6);
    // A whole fact far from the centroid is raised to the floor, its real relevance still ordering it.
    const low = { ...plain, relevance: 0.2 };
    expect(keyPointWeight(low, HAND)).toBeCloseTo(1.3 * 3 * 1.5 * (0.6 / 0.2) * (1 + 0.2 * 0.2), 6);
    expect(keyPointWeight({ ...low, whole: false }, HAND)).toBeCloseTo(1.3 * 3 * 1.5, 6);
  });

  test("the offset is the relevance and the fact kind, fitted apart", () => {
    expect(keyPointOffset(plain)).toBeCloseTo(Math.log(0.8) + Math.log(1.5), 9);
  });

  test("the weights in use are the fitted file's, every feature set", () => {
    const weights = keyPointWeights();
    for (const value of Object.values(weights.coefficients)) expect(Number.isFinite(value)).toBe(true);
    expect(weights.floor).toBeGreaterThan(0);
  });

  test("a life event keeps the hand-set summary and floor factors", () => {
    expect(lifeEventWeight(0.8, false)).toBeCloseTo(1 + 0.2 * 0.8, 6);
    expect(lifeEventWeight(0.3, true)).toBeCloseTo(0.5 * (0.6 / 0.3) * (1 + 0.2 * 0.3), 6);
  });
});
