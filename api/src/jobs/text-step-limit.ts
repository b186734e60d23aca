// A text step's time limit grows with the transcript: its work is linear in the text (parsing, the summary, cutting
// and indexing chunks), so one fixed limit either stops a legitimately long transcript or lets a hung step of a short
// one run for hours. The limit exists to catch a step that hangs, not to cap how long a meeting may be.

/** Characters of transcript each `textMs` of the limit covers (a 10 MB transcript gets ten times the limit). */
export const CHARACTERS_PER_TEXT_LIMIT = 1_000_000;

/** The limit of a text step over a transcript of `characters`: `textMs` for each started million characters. */
export function textStepLimitMs(textMs: number, characters: number): number {
  return textMs * Math.max(1, Math.ceil(characters / CHARACTERS_PER_TEXT_LIMIT));
}
