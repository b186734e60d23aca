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

test("a timed-out browser call names what it waited for and where; bun's closing list is not read again", () => {
  const browser = [
    "web/e2e/c.test.ts:",
    "TimeoutError: locator.waitFor: Timeout 15000ms exceeded.",
    "Call log:",
    "  - waiting for getByRole('heading', { name: 'Meetings on' }) to be visible",
    "",
    "      at <anonymous> (/ci/web/e2e/c.test.ts:135:7)",
    "(fail) filters by day [15639.97ms]",
    "",
    "web/e2e/d.test.ts:",
    "(pass) walks [1.00ms]",
    "",
    "1 tests failed:",
    "(fail) filters by day [15639.97ms]",
  ].join("\n");
  expect(failedTests("browser", browser, 1)).toEqual([
    "browser · web/e2e/c.test.ts · filters by day [15639.97ms] · TimeoutError: locator.waitFor: Timeout 15000ms exceeded. · waiting for getByRole('heading', { name: 'Meetings on' }) to be visible · at c.test.ts:135",
  ]);
});

test("a suite that exits non-zero with no failed test says so", () => {
  expect(failedTests("dom", "(pass) fine\n", 3)).toEqual(["dom: exited with code 3 outside any test"]);
  expect(failedTests("dom", "(pass) fine\n", 0)).toEqual([]);
});
