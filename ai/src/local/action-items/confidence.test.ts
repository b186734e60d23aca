// The confidence of a candidate task decides where it goes: at or above the threshold an action item, below it a
// possible one; the weights are a parameter (the fitted ones by default) and name only features the reader computes.
import { expect, test } from "bun:test";
import { MEETING_DAY } from "../../../test-support/action-item-lines";
import { splitSegmentsIntoSentences } from "../../language";
import { FITTED_ACTION_ITEM_WEIGHTS, findActionItemCandidates, readActionItems } from "../extract-action-items";
import { ACTION_ITEM_FEATURES, type ActionItemWeights, confidenceOf } from "./features";

const lines = (texts: [string, string][]) =>
  splitSegmentsIntoSentences(texts.map(([speaker, text], i) => ({ speaker, text, start: i * 5, end: i * 5 + 4 })));
const people = { speakers: ["Dana Whitfield", "Omar Reyes"], meetingDate: MEETING_DAY, clientName: "Omar Reyes" };

const MEETING = lines([
  ["Dana Whitfield", "I'll send Omar the signed lease by Friday."],
  ["Omar Reyes", "Great. I'll keep an eye on the market."],
]);

test("a candidate below the threshold is a possible action item, not an action item", () => {
  const weights: ActionItemWeights = { intercept: 0, weights: { "state-verb": -5 }, threshold: 0.5 };
  const { actionItems, possibleActionItems } = readActionItems(MEETING, people, weights);
  expect(actionItems.map((item) => item.task)).toEqual(["Send Omar the signed lease by Friday"]);
  expect(possibleActionItems.map((item) => item.task)).toEqual(["Keep an eye on the market"]);
});

test("the weights are a parameter: a higher threshold makes both possible", () => {
  const weights: ActionItemWeights = { intercept: 0, weights: {}, threshold: 0.9 };
  const { actionItems, possibleActionItems } = readActionItems(MEETING, people, weights);
  expect(actionItems).toEqual([]);
  expect(possibleActionItems).toHaveLength(2);
});

test("the confidence is the logistic of the weighted features", () => {
  const [first] = findActionItemCandidates(MEETING, people);
  const weights: ActionItemWeights = { intercept: -1, weights: { "paper-verb": 2 }, threshold: 0.5 };
  const paperVerb = first!.features[ACTION_ITEM_FEATURES.indexOf("paper-verb")]!;
  expect(paperVerb).toBe(1);
  expect(confidenceOf(first!.features, weights)).toBeCloseTo(1 / (1 + Math.exp(-1)), 10);
});

test("the fitted weights name every feature the reader computes and nothing else", () => {
  expect(Object.keys(FITTED_ACTION_ITEM_WEIGHTS.weights).sort()).toEqual([...ACTION_ITEM_FEATURES].sort());
  expect(FITTED_ACTION_ITEM_WEIGHTS.threshold).toBeGreaterThan(0);
  expect(FITTED_ACTION_ITEM_WEIGHTS.threshold).toBeLessThan(1);
});
