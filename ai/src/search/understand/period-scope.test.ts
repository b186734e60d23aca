// A period filters meetings by date only when it says when the meetings were; a date that qualifies a fact
// ("bonds that matured in March") must not hide the April meeting where that fact was discussed.
import { expect, test } from "bun:test";
import { boundFromBaseline, measureSyncBaselineMs, timeSyncMs } from "../../../test-support/timing-baseline";
import { parsePeriod } from "./parse-period";
import { periodQualifiesFact } from "./period-scope";
import { understandQuestion } from "./understand-question";

const NOW = new Date(2026, 5, 15, 12, 0, 0);

test("a date that qualifies a fact is no meeting period", () => {
  for (const question of [
    "Which bonds matured in March?",
    "Which bonds matured in March 2026?",
    "bonds that matured in March",
    "In March, which bonds matured?",
    "What is the RMD due in December?",
    "How much did the trust return in 2025?",
    "What did the trust return over the last twelve months?",
    "What did we decide about the bonds maturing in March?",
    "How much was paid last month?",
    "When do the options vest in April?",
  ]) {
    expect({ question, period: parsePeriod(question, NOW) }).toEqual({ question, period: undefined });
  }
});

test("a period that says when meetings were still filters them", () => {
  for (const question of [
    "What did we discuss in April?",
    "meetings in March",
    "last week's meeting",
    "What did Margaret say about the IRA in April?",
    "What did we discuss with Hendricks in April?",
    "Which clients did I meet in April?",
    "What happened in December?",
    "anything from the previous week?",
    "Action items from March",
    "What did we agree on 2026-03-03?",
    "on July 4, 2024",
  ]) {
    expect({ question, found: parsePeriod(question, NOW) !== undefined }).toEqual({ question, found: true });
  }
});

test("a later period about meetings is found past an earlier one about a fact", () => {
  const period = parsePeriod("Which bonds that matured in March did we discuss last week?", NOW)!;
  expect(period.label).toBe("in the last week");
});

test("the question understood keeps the month in its search text but filters no meeting date", () => {
  const u = understandQuestion("Which bonds matured in March?", [], [], NOW);
  expect(u.period).toBeUndefined();
  expect(u.searchText).toContain("March");
});

test("the words around the phrase decide, in linear time", () => {
  const q = "which bonds matured in march?";
  expect(periodQualifiesFact(q, q.indexOf("march"), q.indexOf("march") + 5)).toBe(true);
  const long = `${"x?' ".repeat(5000)}in march`;
  // Baseline: ordinary words of the same length, timed in this run on this machine.
  const ordinary = `${"the bond ".repeat(2223)}in march`.slice(-long.length);
  const baseline = measureSyncBaselineMs(() => periodQualifiesFact(ordinary, ordinary.length - 5, ordinary.length));
  const ms = timeSyncMs(() => periodQualifiesFact(long, long.length - 5, long.length));
  expect(ms).toBeLessThan(boundFromBaseline(baseline, { factor: 20, floorMs: 200 }));
});

test("'about N months ago' is a window around that day, not everything since", () => {
  const now = new Date(2026, 5, 15, 15, 30);
  const period = parsePeriod("What did we promise the Quists about three months ago?", now)!;
  // Whole calendar days back from today.
  const today = new Date(2026, 5, 15);
  const daysBack = (d: Date) =>
    Math.round((today.getTime() - new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime()) / 86_400_000);
  expect(daysBack(period.from)).toBe(114);
  expect(daysBack(period.to)).toBe(68);
  const week = parsePeriod("the call two weeks ago", now)!;
  expect(daysBack(week.from)).toBe(18);
  expect(daysBack(week.to)).toBe(11);
});
