// The action-item rule tables run in linear time: each pattern on 1x, 4x and 16x text made of its own first example
// (the examples themselves are tested by ai/src/language/rule-tables.test.ts, generated for every *.rules.ts table).
import { describe, expect, test } from "bun:test";
import { matchRule, type RuleTable } from "../../language/rules";
import { FRAGMENT, NOT_A_TASK } from "./not-a-task.rules";
import { AGREEMENT, COMMITMENT_ACTS, DELEGATED_ACTS } from "./speech-acts.rules";

const TABLES: RuleTable<unknown>[] = [COMMITMENT_ACTS, DELEGATED_ACTS, NOT_A_TASK, AGREEMENT, FRAGMENT];

for (const table of TABLES) {
  describe(table.id, () => {
    for (const rule of table.rules) {
      test(`${rule.id} runs in linear time`, () => {
        const unit = `${rule.examples[0]?.text ?? "x"} `;
        const timeOf = (copies: number) => {
          const text = unit.repeat(copies);
          let best = Number.POSITIVE_INFINITY;
          for (let run = 0; run < 3; run++) {
            const started = performance.now();
            for (let i = 0; i < 5; i++) matchRule(rule, text);
            best = Math.min(best, performance.now() - started);
          }
          return best;
        };
        timeOf(100); // warm up
        // Up to three readings: a burst of load elsewhere on the machine can spoil one ratio.
        let worst = Number.POSITIVE_INFINITY;
        let shown = "";
        for (let reading = 0; reading < 3 && worst >= 8; reading++) {
          const [small, middle, large] = [500, 2000, 8000].map(timeOf) as [number, number, number];
          // Below a millisecond a ratio is noise: the floor keeps a constant-time match from failing.
          worst = Math.min(worst, Math.max(middle / Math.max(small, 1), large / Math.max(middle, 1)));
          shown = `${small.toFixed(2)} / ${middle.toFixed(2)} / ${large.toFixed(2)} ms`;
        }
        expect(worst, shown).toBeLessThan(8);
      });
    }
  });
}
