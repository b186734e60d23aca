// Generated from the rule tables: every example a row gives is found by its pattern, every counter-example is not,
// ids are unique, and each pattern stays linear on long runs of the characters it reads.
import { describe, expect, test } from "bun:test";
import type { Rule, RuleTable } from "./rule-table";
import { AGREEMENT, COMMITMENT_ACTS, DELEGATED_ACTS, FRAGMENT, NOT_A_TASK } from "./speech-acts";

const TABLES: Record<string, RuleTable<unknown>> = {
  COMMITMENT_ACTS,
  DELEGATED_ACTS,
  NOT_A_TASK,
  AGREEMENT,
  FRAGMENT,
};

for (const [name, table] of Object.entries(TABLES)) {
  describe(name, () => {
    test("ids are unique and every row has an example", () => {
      const ids = table.map((rule) => rule.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const rule of table) expect(rule.examples.length, rule.id).toBeGreaterThan(0);
    });
    for (const rule of table as readonly Rule<unknown>[]) {
      for (const example of rule.examples) {
        test(`${rule.id} finds "${example}"`, () => {
          expect(rule.pattern.test(example)).toBe(true);
        });
      }
      for (const counter of rule.counterExamples ?? []) {
        test(`${rule.id} does not find "${counter}"`, () => {
          expect(rule.pattern.test(counter)).toBe(false);
        });
      }
      test(`${rule.id} runs in linear time`, () => {
        // 1x, 4x, 16x of text made of the row's own first example: a quadratic pattern costs 16x per 4x step.
        const unit = `${rule.examples[0]} `;
        const timeOf = (copies: number) => {
          const text = unit.repeat(copies);
          let best = Number.POSITIVE_INFINITY;
          for (let run = 0; run < 3; run++) {
            const started = performance.now();
            for (let i = 0; i < 5; i++) rule.pattern.exec(text);
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
