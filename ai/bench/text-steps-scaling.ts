// How each text step's time grows with the transcript: the worst kind of text (every sentence a different commitment
// with a date and an amount) at 1x, 4x and 16x, best of a few runs. A linear step costs about 4x per 4x step, a
// quadratic one 16x. The scaling test (ai/src/local/text-steps-scaling.test.ts) fails above 6x.
// The test's sizes are kept small for the suite's time; `--larger=4` measures each step at 4 times them.
//   bun run ai/bench/text-steps-scaling.ts [word in a step's name] [--larger=N]

import { DEFAULT_BASE_SIZE, measureScaling, TEXT_STEPS } from "../test-support/scaling-steps";

const larger = Number(process.argv.find((a) => a.startsWith("--larger="))?.split("=")[1] ?? 1);
const filter = process.argv.slice(2).find((a) => !a.startsWith("--"));
console.log("| step | 1x | 1x time | 4x time | 16x time | 4x / 1x | 16x / 4x |");
console.log("| --- | --- | --- | --- | --- | --- | --- |");
for (const step of TEXT_STEPS) {
  if (filter && !step.name.includes(filter)) continue;
  const baseSize = (step.baseSize ?? DEFAULT_BASE_SIZE) * larger;
  const scaling = await measureScaling(step, { baseSize });
  const [a, b, c] = scaling.times.map((t) => `${t.toFixed(1)} ms`);
  const base = `${(baseSize / 1000).toFixed(0)} KB`;
  const [r1, r2] = scaling.ratios.map((r) => r.toFixed(2));
  console.log(`| ${step.name} | ${base} | ${a} | ${b} | ${c} | ${r1} | ${r2} |`);
}
