// Patterns recheck has already proved linear, recorded by their hash (flags, source, recheck's version and the
// options), so the safety test checks only what is new or changed: proving all of them took about 100 s of the suite.
// A pattern's verdict cannot change without its text, recheck or the options changing, and any of those changes the
// hash. Rewritten by `REGEX_VERDICTS=write bun test api/test/regex-safety.test.ts` after every pattern was checked.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const RECORD = join(import.meta.dir, "regex-verdicts.json");

interface Record {
  /** Hashes of patterns proved safe, by where they come from ("sources": ai/src and api/src; "lexicon"). */
  [set: string]: string[];
}

export function verdictKey(source: string, flags: string, checker: string): string {
  return createHash("sha256").update(`${checker}\u0000${flags}\u0000${source}`).digest("hex").slice(0, 24);
}

export function readVerdicts(): Record {
  try {
    return JSON.parse(readFileSync(RECORD, "utf8")) as Record;
  } catch {
    return {};
  }
}

/** Whether this run should rewrite the record (REGEX_VERDICTS=write). */
export const writingVerdicts = () => process.env.REGEX_VERDICTS === "write";

export function writeVerdicts(set: string, safe: string[]): void {
  const record = readVerdicts();
  record[set] = [...new Set(safe)].sort();
  writeFileSync(RECORD, `${JSON.stringify(record, null, 2)}\n`);
}
