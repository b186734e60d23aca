// Reads a `bun test` run's output for what failed, so `bun run test` can list it again at its end.

/** The line that opens a thrown error: "error: …" (expect), "TimeoutError: …" (Playwright), "TypeError: …". */
const ERROR_LINE = /^(?:error|[A-Z][A-Za-z]*Error): /;
/** What a Playwright call was waiting for when it timed out (its call log's first step). */
const WAITING_FOR = /^ {2}- (waiting for .*)$/;
/** Where in a test file the error was thrown: an "at" line ending in the file's path, line and column. */
const THROWN_AT = /^\s+at .*?([\w.-]+\.test\.tsx?:\d+):\d+\)?$/;
/** Bun's list of failures after the last file repeats every "(fail)" line under no file. */
const FAILURES_SUMMARY = /^\d+ tests? failed:$/;

/**
 * The suite's "(fail)" lines, each with its test file and the first error it printed (with what a timed-out call
 * waited for, and the test line that threw); a crash outside any test says so.
 */
export function failedTests(suite: string, output: string, code: number): string[] {
  const found: string[] = [];
  let file = "";
  let error: string[] = [];
  for (const line of output.split("\n")) {
    if (FAILURES_SUMMARY.test(line)) break;
    if (/^\S.*\.test\.tsx?:$/.test(line)) file = line.slice(0, -1);
    else if (ERROR_LINE.test(line) && error.length === 0) error = [line.slice(0, 200)];
    else if (WAITING_FOR.test(line) && error.length === 1) error.push(line.replace(WAITING_FOR, "$1").slice(0, 200));
    else if (THROWN_AT.test(line) && error.length > 0 && !error.some((part) => part.startsWith("at ")))
      error.push(`at ${line.replace(THROWN_AT, "$1")}`);
    else if (line.startsWith("(pass) ")) error = [];
    else if (line.startsWith("(fail) ")) {
      found.push(`${suite} · ${file} · ${line.slice(7).trim()}${error.length > 0 ? ` · ${error.join(" · ")}` : ""}`);
      error = [];
    }
  }
  const unique = [...new Set(found)];
  if (unique.length === 0 && code !== 0) unique.push(`${suite}: exited with code ${code} outside any test`);
  return unique;
}
