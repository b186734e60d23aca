import { expect, test } from "bun:test";
import {
  boundFromBaseline,
  measureBaselineMs,
  measureSyncBaselineMs,
  summariseLatencies,
  timeSyncMs,
} from "./timing-baseline";

test("percentiles are nearest-rank over the sorted durations", () => {
  const durations = Array.from({ length: 20 }, (_, i) => 20 - i); // 20, 19, ..., 1
  expect(summariseLatencies(durations)).toEqual({ count: 20, p50: 10, p95: 19, worst: 20 });
  expect(summariseLatencies([7])).toEqual({ count: 1, p50: 7, p95: 7, worst: 7 });
  expect(() => summariseLatencies([])).toThrow(/no durations/);
});

test("the bound follows the baseline on a slow machine and never drops below the floor", () => {
  expect(boundFromBaseline(20, { factor: 10, floorMs: 1000 })).toBe(1000);
  expect(boundFromBaseline(250, { factor: 10, floorMs: 1000 })).toBe(2500);
  expect(() => boundFromBaseline(Number.NaN, { factor: 10, floorMs: 1000 })).toThrow(/not a baseline/);
  // Never as long as the failure itself: an abort that waits out a 300 ms step fails however slow the machine.
  expect(boundFromBaseline(5, { factor: 10, floorMs: 100, ceilingMs: 250 })).toBe(100);
  expect(boundFromBaseline(40, { factor: 10, floorMs: 100, ceilingMs: 250 })).toBe(250);
});

test("a baseline is the median, so one slow run does not move it", async () => {
  let call = 0;
  const sometimesSlow = () => {
    call++;
    if (call === 2) Bun.sleepSync(200);
  };
  expect(measureSyncBaselineMs(sometimesSlow, 5)).toBeLessThan(100);
  call = 0;
  expect(await measureBaselineMs(async () => sometimesSlow(), 5)).toBeLessThan(100);
  expect(timeSyncMs(() => Bun.sleepSync(30))).toBeGreaterThanOrEqual(29);
});
