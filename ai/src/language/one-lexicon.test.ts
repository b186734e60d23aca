// No word list exists twice: a line of ai/src that spells out three or more weekdays, months, number words,
// ordinals or filler sounds is a word list, and word lists live in lexicon.ts. Every area's lists were moved there
// (issue 28); NOT_YET_MOVED stays as the one place to name an exception, with its reason, and an entry whose file
// no longer holds a list fails too, so it cannot go stale.
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

/** Files allowed to spell out a list, each with the reason (none today). */
const NOT_YET_MOVED: Record<string, string> = {};

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
