// The recap reader and the task rules run over uploaded text: inputs shaped to make them rescan (a recap that is one
// endless list, a run of frames, a huge word before a gapped deadline) must take about as long as ordinary text of
// the same size. Before the list was built from pieces, the endless list was quadratic.
import { beforeAll, expect, test } from "bun:test";
import { itemsFromLines } from "../../../test-support/action-item-lines";
import { boundFromBaseline, measureSyncBaselineMs, timeSyncMs } from "../../../test-support/timing-baseline";

const SIZE = 50_000;
const ADVERSARIAL: Record<string, string> = {
  "a recap that is one endless list": `For me: send the deed${", and the form".repeat(SIZE / 14)} by Monday.`,
  "a run of frames": `${"Omar: ".repeat(SIZE / 6)}x`,
  "a run of names before a task": `For me: ${"Omar, ".repeat(SIZE / 6)}send it.`,
  "a huge word before a gapped deadline": `For me: I'll send ${"a".repeat(SIZE)} today, and the deed by Monday.`,
  "a whitespace run inside a task": `I'll send the form${" ".repeat(SIZE)}by Friday.`,
  "a long time clause": `Once ${"x".repeat(SIZE)}, I'll send it.`,
  "third-person lines without end": `${"Omar sends Tariq the form, ".repeat(SIZE / 27)}and Tariq signs it.`,
};

const readRecap = (text: string) =>
  itemsFromLines([
    ["Helen Brook", "Let me recap."],
    ["Helen Brook", text],
    ["Omar Said", text],
  ]);

let baseline = 0;
beforeAll(() => {
  readRecap("warm up: I'll send the deed by Friday.");
  baseline = measureSyncBaselineMs(() => readRecap("we reviewed the bond ladder and the trust ".repeat(SIZE / 42)), 3);
});

test.each(Object.entries(ADVERSARIAL))("reads %s in about the time of ordinary text", (_name, text) => {
  const ms = Math.min(
    timeSyncMs(() => readRecap(text)),
    timeSyncMs(() => readRecap(text)),
  );
  expect(ms).toBeLessThan(boundFromBaseline(baseline, { factor: 10, floorMs: 1500 }));
});
