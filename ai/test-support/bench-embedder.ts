// Measures the local hashing embedder: `bun ai/test-support/bench-embedder.ts` (10,000 chunks of ~200 words).

import { createHashingEmbedder } from "../src/local/hashing-embedder";

const vocabulary =
  "portfolio pension rebalance equities bonds trust deed amendment invoice payroll deduction estimate quarterly " +
  "contribution college fund trustee successor penalty voucher return election salary profit margin allocation";
const words = vocabulary.split(" ");
let seed = 7;
const nextWord = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return words[seed % words.length] ?? "word";
};
const texts = Array.from({ length: 10_000 }, (_, i) => {
  const body = Array.from({ length: 200 }, nextWord).join(" ");
  return `Chunk ${i}: the client and the adviser discussed ${body}.`;
});

const embedder = createHashingEmbedder();
for (const round of [1, 2]) {
  const started = performance.now();
  await embedder.embed(texts);
  const ms = performance.now() - started;
  console.log(
    `round ${round}: ${texts.length} chunks in ${ms.toFixed(0)} ms (${Math.round(texts.length / (ms / 1000))}/s)`,
  );
}
