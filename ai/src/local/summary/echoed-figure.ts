// A figure someone else repeats right after it is said ("It's 4471-2209." — "4471-2209, got it.") is one the
// meeting wanted written down. Looked for only in the next few sentences, so the check is linear in the meeting.

import type { Sentence } from "../../language/sentences";

const LOOK_AHEAD = 3;
// Figures as written in the notes: "$75,000", "60%", "1.25 million", "612-555-0100", "1998".
const WRITTEN_FIGURE = /\d[\d,.-]*\d|\d/g;

/** True when a later sentence by another speaker, within a few, says one of this sentence's figures again. */
export function isEchoed(sentence: Sentence, sentences: Sentence[], write: (text: string) => string): boolean {
  const figures = new Set((write(sentence.text).match(WRITTEN_FIGURE) ?? []).filter((f) => f.length >= 2));
  if (figures.size === 0) return false;
  for (let i = sentence.index + 1; i < Math.min(sentences.length, sentence.index + 1 + LOOK_AHEAD); i++) {
    const later = sentences[i]!;
    if (later.speaker === sentence.speaker) continue;
    for (const figure of write(later.text).match(WRITTEN_FIGURE) ?? []) if (figures.has(figure)) return true;
  }
  return false;
}
