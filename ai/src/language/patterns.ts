// Regular expressions built from the lexicon's word lists. The regex-safety test reads patterns from the source,
// and one built from an imported list cannot be read there; so each is compiled here, which keeps it in a list the
// same test checks at run time (api/test/regex-safety.test.ts imports every module that calls `lexiconRegExp`).

export interface CompiledPattern {
  source: string;
  flags: string;
}

const compiled: CompiledPattern[] = [];

/** `new RegExp(source, flags)`, remembered for the linear-time check. Call it once, at module level. */
export function lexiconRegExp(source: string, flags = ""): RegExp {
  const pattern = new RegExp(source, flags);
  compiled.push({ source: pattern.source, flags: pattern.flags });
  return pattern;
}

/** Every pattern compiled through `lexiconRegExp` so far, in the order compiled. */
export function compiledPatterns(): readonly CompiledPattern[] {
  return compiled;
}
