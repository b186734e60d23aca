// The transcription prompt as a glossary: names the model should spell the way the advisor does (the client,
// the people in the meeting). A bare list works in any language, and it is cut to what the model reads.

/** One name or term longer than this is not a name. */
const MAX_TERM_CHARS = 80;

export function buildGlossaryPrompt(terms: readonly string[] | undefined, maxChars: number): string | undefined {
  if (!terms || maxChars <= 0) return undefined;
  const seen = new Set<string>();
  const kept: string[] = [];
  let length = 0;
  for (const raw of terms) {
    const term = raw
      .replace(/[\p{Cc}\s]+/gu, " ")
      .trim()
      .slice(0, MAX_TERM_CHARS);
    const key = term.toLowerCase();
    if (term.length === 0 || seen.has(key)) continue;
    // ", " between terms and the final ".": the most important terms come first, so stop at the first misfit.
    const added = (kept.length > 0 ? 2 : 0) + term.length;
    if (length + added + 1 > maxChars) break;
    seen.add(key);
    kept.push(term);
    length += added;
  }
  return kept.length > 0 ? `${kept.join(", ")}.` : undefined;
}
