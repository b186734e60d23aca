import { describe, expect, test } from "bun:test";
import type { TruthMeeting } from "./advisor-set";
import { set1NextWithTopics } from "./next-topics";

const truth: TruthMeeting["nextMeeting"] = {
  said: "the twelfth",
  dateOffsetDays: 12,
  topics: ["long-term care underwriting results", "trust funding"],
};

describe("set 1: the next meeting with its topics", () => {
  test("passes when the day is right and a topic shares its words", () => {
    expect(set1NextWithTopics(true, truth, { topics: ["Funding the trust"] })).toBe(true);
    expect(set1NextWithTopics(true, truth, { topics: ["Underwriting results"] })).toBe(true);
  });

  test("fails on the wrong day, on unrelated topics, or with none", () => {
    expect(set1NextWithTopics(false, truth, { topics: ["Funding the trust"] })).toBe(false);
    expect(set1NextWithTopics(true, truth, { topics: ["It on Zoom"] })).toBe(false);
    expect(set1NextWithTopics(true, truth, { topics: [] })).toBe(false);
    expect(set1NextWithTopics(true, truth, null)).toBe(false);
    expect(set1NextWithTopics(true, null, { topics: ["Funding the trust"] })).toBe(false);
  });
});
