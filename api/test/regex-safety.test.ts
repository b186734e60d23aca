// Every regular expression in ai/src and api/src must run in linear time: one pattern that backtracks
// polynomially over a crafted question or transcript stalls the whole process, every user's requests with it.
// The patterns are taken from the TypeScript syntax tree (regex-inventory.ts) and checked with recheck.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compiledPatterns } from "@cm/ai/language";
import { Glob } from "bun";
import { check, type Diagnostics } from "recheck";
import { type FoundPattern, type Inventory, scanRegexes } from "./regex-inventory";
import { readVerdicts, verdictKey, writeVerdicts, writingVerdicts } from "./regex-verdicts";

const root = join(import.meta.dir, "..", "..");

/**
 * Patterns recheck cannot prove linear that only ever see bounded, trusted input. Keyed by file and pattern
 * source; every entry needs a reason, and an entry whose pattern is gone fails the test, so the list stays honest.
 */
const ALLOWED: { file: string; source: string; reason: string }[] = [
  {
    file: "ai/src/language/patterns.ts",
    source: "new RegExp(source, flags)",
    reason:
      "lexiconRegExp: patterns built from the lexicon's word lists. Each one compiled is kept, and the test below " +
      "imports every module that calls it and checks each kept pattern with recheck.",
  },
  {
    file: "api/src/modules/follow-up/advisor-voice.ts",
    source:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the allow-listed expression is source text, as written
      'new RegExp(\n    `(?<![\\\\p{L}\\\\p{N}])(${names.map(({ name }) => escapeRegExp(name)).join("|")})([\'\u2019]s)?(?![\\\\p{L}\\\\p{N}])( +[\\\\p{L}\'\u2019]+)?`,\n    "giu",\n  )',
    reason:
      "An alternation of the advisor's and the client's names (and a household's people who spoke), each escaped to a " +
      "literal (a few names of at most 200 characters), between lookarounds of one character, then an optional run of one space class and one " +
      "letter class that cannot overlap: each start position is tried against the fixed names once, so the scan of a " +
      "follow-up draft (at most 20,000 characters) stays linear.",
  },
];

// Step limits instead of wall-clock limits inside recheck's fuzzer, so a loaded machine cannot change a verdict
// (with time limits, a slow run reads as a blow-up). Automaton proofs for NFAs up to 5,000 states; larger ones
// (long case-insensitive alternations, where the proof takes 5-20 s at rest) are fuzzed, as recheck does for
// lookaround. The one wall-clock limit left, per pattern, is 120 s: six times the slowest proof at rest. Without it
// (step limits alone) the whole check ran past 15 minutes at load 16-21, so it stays until each pattern's step count
// is known.
const RECHECK_OPTIONS = {
  timeout: 120_000,
  incubationTimeout: null,
  attackTimeout: null,
  seedingTimeout: null,
  maxNFASize: 5_000,
} as const;
const CONCURRENCY = 2;
/** Only a guard against a hang: the checks are bounded by steps, and take 1-3 minutes of a loaded 2-core machine. */
const HANG_GUARD_MS = 900_000;

function sourceFiles(): string[] {
  return ["ai/src", "api/src"]
    .flatMap((dir) => [...new Glob(`${dir}/**/*.{ts,tsx}`).scanSync({ cwd: root })])
    .filter((file) => !/\.test\.tsx?$/.test(file))
    .sort()
    .map((file) => join(root, file));
}

/** recheck's version and the options: a verdict recorded under others is not taken. */
const CHECKER = `recheck ${JSON.parse(readFileSync(join(root, "node_modules/recheck/package.json"), "utf8")).version} ${JSON.stringify(RECHECK_OPTIONS)}`;
const PROVED_SAFE = { status: "safe" } as Diagnostics;

/**
 * Every pattern's verdict, keyed by file, line, flags and source. A pattern recorded as proved safe (regex-verdicts.ts)
 * is taken as safe, unless REGEX_VERDICTS=write, which checks all and rewrites the record of `set`.
 */
async function checkAll(set: string, patterns: FoundPattern[]): Promise<Map<string, Diagnostics>> {
  const key = (p: FoundPattern) => `${p.flags}\u0000${p.source}`;
  const unique = [...new Map(patterns.map((p) => [key(p), p])).values()];
  const recorded = new Set(writingVerdicts() ? [] : (readVerdicts()[set] ?? []));
  const results = new Map<string, Diagnostics>();
  const toCheck = unique.filter((p) => {
    if (!recorded.has(verdictKey(p.source, p.flags, CHECKER))) return true;
    results.set(key(p), PROVED_SAFE);
    return false;
  });
  let next = 0;
  const worker = async () => {
    while (next < toCheck.length) {
      const pattern = toCheck[next++]!;
      results.set(key(pattern), await check(pattern.source, pattern.flags, RECHECK_OPTIONS));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  if (writingVerdicts()) {
    const safe = unique.filter((p) => results.get(key(p))!.status === "safe");
    writeVerdicts(
      set,
      safe.map((p) => verdictKey(p.source, p.flags, CHECKER)),
    );
  }
  return new Map(patterns.map((p) => [`${p.file}:${p.line}:${key(p)}`, results.get(key(p))!]));
}

/** Recorded verdicts of `set` whose pattern is gone: the record stays as long as the patterns, no longer. */
function staleVerdicts(set: string, patterns: { source: string; flags: string }[]): string[] {
  const current = new Set(patterns.map((p) => verdictKey(p.source, p.flags, CHECKER)));
  return (readVerdicts()[set] ?? [])
    .filter((hash) => !current.has(hash))
    .map((hash) => `recorded verdict ${hash} (${set}) matches no pattern: rewrite the record (regex-verdicts.ts)`);
}

function verdict(result: Diagnostics): string {
  if (result.status === "vulnerable")
    return `${result.complexity.summary}, e.g. ${JSON.stringify(result.attack.pattern)}`;
  if (result.status === "unknown") return `unknown (${result.error.kind})`;
  return "safe";
}

let inventory: Inventory;

beforeAll(async () => {
  inventory = await scanRegexes(root, sourceFiles());
});

describe("the pattern scanner", () => {
  let dir = "";
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test("finds literals, RegExp constructions and string methods, and nothing in strings, comments or division", async () => {
    dir = mkdtempSync(join(tmpdir(), "regex-scan-sample-"));
    const sample = join(dir, "sample.ts");
    writeFileSync(
      sample,
      [
        "const ratio = width / height / 2;",
        'const text = "/not(a)+regex/";',
        "// const commented = /(a+)+$/;",
        "/* const blocked = /(b+)+$/; */",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: source text of the sample file
        "const template = `/(c+)+$/ ${ratio / 2}`;",
        "export const nested = /^(a+)+$/;",
        "const LETTER = '[a-z]';",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: source text of the sample file
        "export const built = new RegExp(`^(?:${LETTER}+)+!`, 'i');",
        "export const called = RegExp('\\\\d+\\\\.\\\\d+');",
        "export const joined = new RegExp(['x', 'y+'].join('|'));",
        "export function dynamic(name: string) { return new RegExp(name); }",
        "export const found = text.match('(x+x+)+y') ?? template.search(/\\//g);",
        "export const jsx = (a: number, b: number) => a / b > 1 ? /ok/.source : '';",
      ].join("\n"),
    );
    const scanned = await scanRegexes(dir, [sample]);
    expect(scanned.patterns.map((p) => [p.line, p.via, p.source, p.flags])).toEqual([
      [6, "literal", "^(a+)+$", ""],
      [8, "RegExp", "^(?:[a-z]+)+!", "i"],
      [9, "RegExp", "\\d+\\.\\d+", ""],
      [10, "RegExp", "x|y+", ""],
      [12, "string-method", "(x+x+)+y", ""],
      [12, "literal", "\\/", "g"],
      [13, "literal", "ok", ""],
    ]);
    expect(scanned.dynamic.map((d) => [d.line, d.expression])).toEqual([[11, "new RegExp(name)"]]);
    const [nested, built] = await Promise.all(
      scanned.patterns.slice(0, 2).map((p) => check(p.source, p.flags, RECHECK_OPTIONS)),
    );
    expect(nested?.status).toBe("vulnerable");
    expect(built?.status).toBe("vulnerable");
  });

  test("finds the patterns of ai/src and api/src", () => {
    expect(inventory.files.length).toBeGreaterThan(100);
    // 175 when written; far fewer means the scanner is missing files or nodes.
    expect(inventory.patterns.length).toBeGreaterThan(140);
    const has = (file: string, fragment: string) =>
      inventory.patterns.some((p) => p.file === file && p.source.includes(fragment));
    expect(
      has("ai/src/search/understand/understand-question.ts", "(?:meeting|call|session|review|conversation)s?"),
    ).toBe(true);
    expect(has("ai/src/search/understand/parse-period.ts", "(?:in|during|from|for|of|since)\\s+$")).toBe(true);
    // Patterns inside object literals handed to a library (chrono-node's custom parsers) count too.
    expect(has("ai/src/dates/resolve-date.ts", "day\\s+after\\s+tomorrow")).toBe(true);
    expect(inventory.patterns.every((p) => !p.file.endsWith(".test.ts"))).toBe(true);
  });
});

test(
  "every pattern in ai/src and api/src is linear (recheck), or allow-listed with a reason",
  async () => {
    const results = await checkAll("sources", inventory.patterns);
    const allowed = (p: { file: string; source: string }) =>
      ALLOWED.some((a) => a.file === p.file && a.source === p.source);
    const failures: string[] = [];
    for (const p of inventory.patterns) {
      const result = results.get(`${p.file}:${p.line}:${p.flags}\u0000${p.source}`)!;
      if (result.status !== "safe" && !allowed(p)) {
        failures.push(`${p.file}:${p.line}: /${p.source}/${p.flags} — ${verdict(result)}`);
      }
    }
    for (const d of inventory.dynamic) {
      if (!allowed({ file: d.file, source: d.expression })) {
        failures.push(`${d.file}:${d.line}: ${d.expression} — built at run time, cannot be checked`);
      }
    }
    const stale = ALLOWED.filter(
      (a) =>
        !inventory.patterns.some((p) => p.file === a.file && p.source === a.source) &&
        !inventory.dynamic.some((d) => d.file === a.file && d.expression === a.source),
    );
    for (const a of stale) failures.push(`allow-list entry no longer found: ${a.file} ${a.source}`);
    failures.push(...staleVerdicts("sources", inventory.patterns));
    expect(failures).toEqual([]);
  },
  HANG_GUARD_MS,
);

test(
  "every pattern built from the lexicon (lexiconRegExp) is linear (recheck)",
  async () => {
    const callers = sourceFiles().filter(
      (file) => !file.endsWith("/language/patterns.ts") && readFileSync(file, "utf8").includes("lexiconRegExp("),
    );
    expect(callers.length).toBeGreaterThan(0);
    for (const file of callers) await import(file);
    const patterns = compiledPatterns().map((p) => ({ ...p, file: "lexicon", line: 0, via: "RegExp" as const }));
    expect(patterns.length).toBeGreaterThan(0);
    const results = await checkAll("lexicon", patterns);
    const failures = patterns.flatMap((p) => {
      const result = results.get(`${p.file}:${p.line}:${p.flags}\u0000${p.source}`)!;
      return result.status === "safe" ? [] : [`/${p.source}/${p.flags} — ${verdict(result)}`];
    });
    failures.push(...staleVerdicts("lexicon", patterns));
    expect(failures).toEqual([]);
  },
  HANG_GUARD_MS,
);
