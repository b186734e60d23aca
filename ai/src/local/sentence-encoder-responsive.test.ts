import { expect, test } from "bun:test";
import { boundFromBaseline, summariseLatencies } from "../../test-support/timing-baseline";
import { createLocalEmbedder } from "./local-embedder";

// Embedding in place blocked this thread for the whole batch (about 4.7 s for these 200 sentences, measured); on the
// encoder's thread the gaps stay at a few tens of milliseconds, whatever the batch. The bound is max(5 × the largest
// gap while a tenth of the batch is embedded, measured just before, 250 ms): a busy machine stretches both alike,
// while embedding on this thread makes the gap grow with the batch, ten times the baseline's.
const FLOOR_GAP_MS = 250;

/** The largest gap between ticks of a 5 ms timer while `work` runs. */
async function largestGapWhile(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let maxGap = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    maxGap = Math.max(maxGap, now - last);
    last = now;
  }, 5);
  await work();
  clearInterval(tick);
  return Math.max(maxGap, performance.now() - last);
}

test("the calling thread keeps answering while 200 sentences are embedded", async () => {
  const embedder = createLocalEmbedder({
    onFallback: (error) => {
      throw error;
    },
  });
  await embedder.embed(["warm up the model"]);
  const texts = Array.from(
    { length: 200 },
    (_, i) => `Sentence ${i}: the client wants to rebalance to sixty forty before the June review of the 529 plan.`,
  );
  const tenthGaps: number[] = [];
  for (let run = 0; run < 3; run++) tenthGaps.push(await largestGapWhile(() => embedder.embed(texts.slice(0, 20))));
  const tenthGap = summariseLatencies(tenthGaps).p50;
  let last = performance.now();
  let maxGap = 0;
  let ticks = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    maxGap = Math.max(maxGap, now - last);
    last = now;
    ticks++;
  }, 5);
  const vectors = await embedder.embed(texts);
  maxGap = Math.max(maxGap, performance.now() - last);
  clearInterval(tick);
  expect(vectors).toHaveLength(200);
  expect(vectors.every((v) => v.length === 1536)).toBe(true);
  expect(ticks).toBeGreaterThan(5);
  expect(maxGap).toBeLessThan(boundFromBaseline(tenthGap, { factor: 5, floorMs: FLOOR_GAP_MS }));
}, 120_000);
