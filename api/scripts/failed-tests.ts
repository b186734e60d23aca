// Reads a `bun test` run's output for what failed, so `bun run test` can list it again at its end.

/**
 * The suite's "(fail)" lines, each with its test file and the first error it printed; a crash outside any test says
 * so.
 */
export function failedTests(suite: string, output: string, code: number): string[] {
  const found: string[] = [];
  let file = "";
  let error = "";
  for (const line of output.split("\n")) {
    if (/^\S.*\.test\.tsx?:$/.test(line)) file = line.slice(0, -1);
    else if (line.startsWith("error:") && error === "") error = line.slice(0, 200);
    else if (line.startsWith("(pass) ")) error = "";
    else if (line.startsWith("(fail) ")) {
      found.push(`${suite} · ${file} · ${line.slice(7).trim()}${error ? ` · ${error}` : ""}`);
      error = "";
    }
  }
  const unique = [...new Set(found)];
  if (unique.length === 0 && code !== 0) unique.push(`${suite}: exited with code ${code} outside any test`);
  return unique;
}
