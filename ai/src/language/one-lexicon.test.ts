// No word list exists twice: a line of ai/src that spells out three or more weekdays, months, number words,
// ordinals or filler sounds is a word list, and word lists live in lexicon.ts. The files below still hold one and
// are being moved to the lexicon by the area that owns them; an entry whose file no longer holds one fails too, so
// the list only shrinks.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Glob } from "bun";
import { FILLER_SOUNDS, MONTHS, NUMBER_TENS, NUMBER_UNITS, ORDINAL_TEENS, ORDINAL_UNITS, WEEKDAYS } from "./lexicon";

const SOURCE_ROOT = join(import.meta.dir, "..");
/** Distinct words of one kind on one line that make it a list. */
const LIST_SIZE = 3;

const KINDS: Record<string, ReadonlySet<string>> = {
  weekdays: new Set(WEEKDAYS),
  months: new Set(MONTHS.filter((month) => month !== "may" && month !== "march")),
  "number words": new Set([...Object.keys(NUMBER_UNITS).slice(2), ...Object.keys(NUMBER_TENS)]),
  ordinals: new Set([...ORDINAL_UNITS.slice(3), ...ORDINAL_TEENS]),
  fillers: new Set(FILLER_SOUNDS),
};

/** Files that still spell out a list, by the area moving them (issue 28). */
const NOT_YET_MOVED: Record<string, string> = {
  "local/action-items/recap.ts": "commitments",
  "local/action-items/task-text.ts": "commitments",
  "local/next-meeting-topics.ts": "next meeting",
  "local/resolve-date.ts": "next meeting",
  "local/summary/leans-on-context.ts": "notes",
  "search/rank/fact-features.ts": "answer path",
  "search/rank/pick-changes.ts": "answer path",
  "search/understand/parse-period.ts": "answer path",
  "search/understand/proper-names.ts": "answer path",
};

/** Code of a line, without a line comment or a doc-comment line (examples in comments are not lists). */
function codeOf(line: string): string {
  const trimmed = line.trim();
  if (trimmed.startsWith("//") || trimmed.startsWith("*") || trimmed.startsWith("/*")) return "";
  const comment = line.indexOf(" // ");
  return comment >= 0 ? line.slice(0, comment) : line;
}

function listsIn(file: string): string[] {
  const found: string[] = [];
  readFileSync(join(SOURCE_ROOT, file), "utf8")
    .split("\n")
    .forEach((line, i) => {
      const words = new Set(
        codeOf(line)
          .toLowerCase()
          .match(/[a-z]+(?:-[a-z]+)?/g) ?? [],
      );
      for (const [kind, list] of Object.entries(KINDS)) {
        const hits = [...words].filter((word) => list.has(word));
        if (hits.length >= LIST_SIZE) found.push(`${file}:${i + 1}: ${kind} (${hits.join(", ")})`);
      }
    });
  return found;
}

test("word lists are spelled out only in the lexicon", () => {
  const files = [...new Glob("**/*.ts").scanSync({ cwd: SOURCE_ROOT })]
    .filter((file) => !file.endsWith(".test.ts") && file !== "language/lexicon.ts")
    .sort();
  const lists = files.flatMap(listsIn);
  const unexpected = lists.filter((entry) => !(entry.split(":")[0]! in NOT_YET_MOVED));
  expect(unexpected).toEqual([]);
  const stale = Object.keys(NOT_YET_MOVED).filter((file) => !lists.some((entry) => entry.startsWith(`${file}:`)));
  expect(stale).toEqual([]);
});
