// A chunk cut into short windows for the sentence encoder: it reads only the first ~128 word pieces of a text and a
// whole chunk's meaning averages into something vague, so each window (a few whole turns or sentences) gets a vector
// of its own and a chunk is as near a question as its nearest window. Windows are consecutive and cover the chunk.

import { SENTENCE_ENCODER_MODEL } from "../local/local-embedder";
import { SENTENCE_ENCODER_DIMENSIONS } from "../local/sentence-encoder";

/** Most characters in one window: about 70 word pieces, well inside what the encoder reads. */
export const WINDOW_CHARS = 320;

/** The chunk's lines (speaker turns) packed into windows of at most `size` characters; a long line is cut at sentence
 * ends, then at spaces. Scans each character a bounded number of times (no regular expression on the text). */
export function splitIntoWindows(content: string, size = WINDOW_CHARS): string[] {
  const pieces: string[] = [];
  for (const line of content.split("\n")) {
    const text = line.trim();
    if (!text) continue;
    if (text.length <= size) pieces.push(text);
    else pieces.push(...cutLongLine(text, size));
  }
  const windows: string[] = [];
  let current = "";
  for (const piece of pieces) {
    if (current && current.length + 1 + piece.length > size) {
      windows.push(current);
      current = "";
    }
    current = current ? `${current}\n${piece}` : piece;
  }
  if (current) windows.push(current);
  return windows;
}

/** A line longer than `size` in pieces of at most `size` characters, ending at a sentence end or else a space. */
function cutLongLine(text: string, size: number): string[] {
  const out: string[] = [];
  let start = 0;
  while (text.length - start > size) {
    const limit = start + size;
    let cut = -1;
    let space = -1;
    for (let i = limit; i > start + size / 3; i--) {
      const c = text[i];
      if (c !== " ") continue;
      if (space < 0) space = i;
      const before = text[i - 1];
      if (before === "." || before === "?" || before === "!") {
        cut = i;
        break;
      }
    }
    const end = cut > 0 ? cut : space > 0 ? space : limit;
    out.push(text.slice(start, end).trim());
    start = end;
  }
  const rest = text.slice(start).trim();
  if (rest) out.push(rest);
  return out.filter((piece) => piece.length > 0);
}

/** Window vectors are kept for models that read only short texts, at the model's own dimension (no zero padding). */
const WINDOWED_MODELS: Record<string, number> = { [SENTENCE_ENCODER_MODEL]: SENTENCE_ENCODER_DIMENSIONS };

/** The dimension window vectors of this model are stored at, or undefined when the model gets no windows. */
export function windowDimensionsOf(model: string): number | undefined {
  return WINDOWED_MODELS[model];
}
