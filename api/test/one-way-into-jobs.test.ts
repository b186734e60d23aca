// Issue 27, "one way in for jobs": every job kind is declared once with its payload schema, and nothing in the
// product's source writes the jobs table except insertJob (db/src/queries/jobs.ts), which takes only a CheckedJob,
// made by checkedJob from the kind's schema.
import { expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { t } from "elysia";
import { checkedJob, defineJobKind, InvalidJobPayloadError } from "../src/jobs/job-kind";

const root = join(import.meta.dir, "../..");
const SOURCE_DIRS = ["db/src", "ai/src", "api/src", "web/src", "db/migrations"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    const isSource = /\.(ts|tsx|sql)$/.test(name) && !/\.test(-worker)?\.tsx?$/.test(name);
    return isSource ? [path] : [];
  });
}

test("only insertJob writes rows into the jobs table", () => {
  const writers = SOURCE_DIRS.flatMap((dir) => sourceFiles(join(root, dir)))
    .filter((path) => /insert\s+into\s+jobs\b/i.test(readFileSync(path, "utf8")))
    .map((path) => relative(root, path));
  expect(writers).toEqual(["db/src/queries/jobs.ts"]);
  const queue = readFileSync(join(root, "db/src/queries/jobs.ts"), "utf8");
  expect(queue.match(/insert\s+into\s+jobs\b/gi)?.length).toBe(1);
});

test("a job row is made only from a payload its kind's schema accepts", () => {
  const kind = defineJobKind({
    name: "example",
    payload: t.Object({ meetingId: t.Integer({ minimum: 1 }) }),
    meetingIdOf: (payload) => payload.meetingId,
  });
  expect(checkedJob(kind, { meetingId: 4 })).toMatchObject({
    kind: "example",
    payload: { meetingId: 4 },
    meetingId: 4,
  });
  expect(() => checkedJob(kind, { meetingId: 0 })).toThrow(InvalidJobPayloadError);
  expect(() => checkedJob(kind, {} as never)).toThrow(/meetingId/);
});
