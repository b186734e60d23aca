// Rules as data: a table of rules, each with an id, a pattern, an effect, an optional weight and examples in our own
// words. The examples are the rule's unit tests (rule-tables.test.ts runs every table's examples) and, with the rest
// of the table, its entry in docs/rules.md (ai/scripts/write-rules-doc.ts). A table lives in a file named
// `*.rules.ts` and is exported from it; nothing else is needed for it to be tested and documented.

/** Where a rule matched a text, and what it read there. */
export interface RuleHit {
  /** The matched text. */
  text: string;
  /** Where the match starts in the text. */
  index: number;
  /** The regex's capture groups (or what a function pattern read), in order. */
  captures: readonly (string | undefined)[];
  /** Named capture groups, when the pattern has any. */
  groups?: Readonly<Record<string, string | undefined>>;
}

/**
 * What a rule looks for: a regular expression (tried once from the start; a `g` or `y` flag is ignored), or a
 * function for what a regex cannot say. A function answers true (the whole text matches), false or null (no match),
 * the matched part as a string, or a full hit.
 */
export type RulePattern = RegExp | ((text: string) => boolean | string | RuleHit | null);

/** One example of a rule at work, written in our own words (never a sentence of an evaluation set). */
export interface RuleExample<Out = unknown> {
  text: string;
  /**
   * true: the rule matches the text; false: it does not. A string: the part of the text it matches. Anything else
   * (or a string, when the table has `apply`): what the table's `apply` gives for the rule on this text.
   */
  expect: boolean | string | NoInfer<Out>;
  /** Why the example is there, when the text does not say it ("a clock time, not money"). */
  note?: string;
}

export interface Rule<Effect = unknown, Out = unknown> {
  /** Unique in its table, kebab-case: "money-amount". Tests and docs name the rule by it. */
  id: string;
  /** What it matches, in words, for docs/rules.md. Without it the docs show the pattern itself. */
  matches?: string;
  pattern: RulePattern;
  /** What the rule does when it matches: a label, a replacement, a feature name; the table's reader decides. */
  effect: Effect;
  /** How much the rule counts, where the table's reader weighs its rules (fitted where the docs say so). */
  weight?: number;
  /** At least one example that matches; examples that must not match are as welcome. */
  examples: readonly RuleExample<Out>[];
}

export interface RuleTable<Effect = unknown, Out = unknown> {
  /** Unique across the engine, dotted by area: "notes.key-fact-kinds". */
  id: string;
  /** What the table decides, in a sentence or two, for docs/rules.md. */
  description: string;
  /** How its rules combine, for the docs ("the first that matches", "every match multiplies the weight"). */
  combine?: string;
  rules: readonly Rule<Effect, Out>[];
  /**
   * What one rule does to a text, where that is more than matching (a rewrite, a value read): examples whose
   * `expect` is not a boolean are checked against it.
   */
  apply?(rule: Rule<Effect, Out>, text: string): Out;
}

/** Declares a table, checking its shape at compile time; the identity at run time. */
export function ruleTable<Effect, Out = unknown>(table: RuleTable<Effect, Out>): RuleTable<Effect, Out> {
  return table;
}

/** Where the rule matches the text, or null. */
export function matchRule(rule: Pick<Rule, "pattern">, text: string): RuleHit | null {
  const { pattern } = rule;
  if (pattern instanceof RegExp) {
    // A global or sticky regex keeps its place between calls; a rule is always tried from the start.
    if (pattern.global || pattern.sticky) pattern.lastIndex = 0;
    const match = pattern.exec(text);
    if (pattern.global || pattern.sticky) pattern.lastIndex = 0;
    if (!match) return null;
    return { text: match[0], index: match.index, captures: match.slice(1), groups: match.groups };
  }
  const result = pattern(text);
  if (result === false || result === null) return null;
  if (result === true) return { text, index: 0, captures: [] };
  if (typeof result === "string") return { text: result, index: Math.max(0, text.indexOf(result)), captures: [] };
  return result;
}

/** The first rule of the table that matches, with where it matched, or null. */
export function firstMatch<E, O>(table: RuleTable<E, O>, text: string): { rule: Rule<E, O>; hit: RuleHit } | null {
  for (const rule of table.rules) {
    const hit = matchRule(rule, text);
    if (hit) return { rule, hit };
  }
  return null;
}

/** The rule with this id; throws when the table has none (a typo in code, not a condition of the text). */
export function ruleById<E, O>(table: RuleTable<E, O>, id: string): Rule<E, O> {
  const rule = table.rules.find((candidate) => candidate.id === id);
  if (!rule) throw new Error(`rule table ${table.id} has no rule ${id}`);
  return rule;
}

/** True for a value shaped like a rule table (how the test and docs generators find the tables a module exports). */
export function isRuleTable(value: unknown): value is RuleTable {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Partial<RuleTable>;
  return (
    typeof candidate.id === "string" && typeof candidate.description === "string" && Array.isArray(candidate.rules)
  );
}
