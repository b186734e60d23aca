// The rule-table shape of the notes engine (id, pattern, effect, weight, examples in our own words), until the shared
// one in ai/src/language/ lands; the tables here use only what that one has, so moving to it is a change of import.

export interface RuleHit {
  text: string;
  index: number;
  captures: readonly (string | undefined)[];
}

export type RulePattern = RegExp | ((text: string) => boolean | string | RuleHit | null);

export interface RuleExample<Out = unknown> {
  text: string;
  /** true: matches; false: does not; a string: the part matched, or with `apply`, what it gives. */
  expect: boolean | string | Out;
  note?: string;
}

export interface Rule<Effect = unknown, Out = unknown> {
  id: string;
  matches?: string;
  pattern: RulePattern;
  effect: Effect;
  weight?: number;
  examples: readonly RuleExample<Out>[];
}

export interface RuleTable<Effect = unknown, Out = unknown> {
  id: string;
  description: string;
  combine?: string;
  rules: readonly Rule<Effect, Out>[];
  apply?: (rule: Rule<Effect, Out>, text: string) => Out;
}

export function ruleTable<Effect, Out = unknown>(table: RuleTable<Effect, Out>): RuleTable<Effect, Out> {
  return table;
}

/** Where the rule matches the text, or null (a regex is tried once from the start). */
export function matchRule(rule: Pick<Rule, "pattern">, text: string): RuleHit | null {
  const { pattern } = rule;
  if (pattern instanceof RegExp) {
    if (pattern.global || pattern.sticky) pattern.lastIndex = 0;
    const match = pattern.exec(text);
    if (pattern.global || pattern.sticky) pattern.lastIndex = 0;
    return match ? { text: match[0], index: match.index, captures: match.slice(1) } : null;
  }
  const result = pattern(text);
  if (result === false || result === null) return null;
  if (result === true) return { text, index: 0, captures: [] };
  if (typeof result === "string") return { text: result, index: Math.max(0, text.indexOf(result)), captures: [] };
  return result;
}

/** Every rule of the table that matches the text, in table order. */
export function matchingRules<E, O>(table: RuleTable<E, O>, text: string): Rule<E, O>[] {
  return table.rules.filter((rule) => matchRule(rule, text) !== null);
}
