// A rule table: each row names a kind of speech, the pattern that finds it, what it does (its effect), how much it
// counts (its weight) and examples written for the table (never sentences of an evaluation set). The unit tests are
// generated from the examples (rule-tables.test.ts) and docs/notes-engine.md lists the tables.

export interface Rule<Effect> {
  /** Stable name: "request.can-you", "not-task.negation". */
  id: string;
  pattern: RegExp;
  effect: Effect;
  /** 1: the act is a task on its own; below 1: only with a deadline or an agreement (see TASK_THRESHOLD). */
  weight: number;
  /** Sentences the pattern must find. */
  examples: string[];
  /** Sentences it must not find. */
  counterExamples?: string[];
}

export type RuleTable<Effect> = readonly Rule<Effect>[];

/** The first row whose pattern finds the text, with its match. Rows are tried in order; each pattern runs once. */
export function firstMatch<Effect>(
  table: RuleTable<Effect>,
  text: string,
): { rule: Rule<Effect>; match: RegExpExecArray } | null {
  for (const rule of table) {
    const match = rule.pattern.exec(text);
    if (match) return { rule, match };
  }
  return null;
}

/** Whether any row finds the text. */
export function anyMatch<Effect>(table: RuleTable<Effect>, text: string): Rule<Effect> | null {
  return firstMatch(table, text)?.rule ?? null;
}
