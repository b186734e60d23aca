import { expect, test } from "bun:test";
import { failedTests } from "./failed-tests";

const output = [
  "bun test v1.4.5",
  "web/a.test.ts:",
  "(pass) renders [1.00ms]",
  "error: expect(received).toBe(expected)",
  "Expected: 2",
  "(fail) counts the rows [0.50ms]",
  "",
  "api/b.test.tsx:",
  "error: something earlier",
  "(pass) recovers [2.00ms]",
  "(fail) times out [30000.00ms]",
  " 2 pass",
  " 2 fail",
].join("\n");

test("each failed test is named with its file and the error it printed", () => {
  expect(failedTests("server", output, 1)).toEqual([
    "server · web/a.test.ts · counts the rows [0.50ms] · error: expect(received).toBe(expected)",
    "server · api/b.test.tsx · times out [30000.00ms]",
  ]);
});

test("a suite that exits non-zero with no failed test says so", () => {
  expect(failedTests("dom", "(pass) fine\n", 3)).toEqual(["dom: exited with code 3 outside any test"]);
  expect(failedTests("dom", "(pass) fine\n", 0)).toEqual([]);
});
