// Before parsing: a cap and two linear guards against inputs that make micromark superlinear (a part of
// sanitize-answer-markdown.ts).
import { MAX_EMPHASIS_RUN_LENGTH, MAX_EMPHASIS_RUNS, MAX_LINE_CONTAINERS } from "./answer-markdown-limits";

/** `text` cut to `max` UTF-16 units, never between the halves of a surrogate pair. */
export function cap(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

const isSpace = (c: string | undefined) => c === " " || c === "\t";
const isLineEnd = (c: string | undefined) => c === undefined || c === "\n" || c === "\r";
const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";

/**
 * Escapes what makes the parser or the serialiser slow: more than MAX_LINE_CONTAINERS block-quote or list markers
 * opening one line (`- - - - …` nests a list per marker, and parsing that is quadratic), `*`/`_` runs longer than
 * MAX_EMPHASIS_RUN_LENGTH (a run of 2n nests n emphases) and runs past MAX_EMPHASIS_RUNS (emphasis matching is
 * quadratic in nested delimiters). One pass over the text; a line's result depends on that
 * line and the runs before it only, so a growing stream never changes the guard's output for earlier lines.
 */
export function guardAnswerComplexity(text: string): string {
  let out = "";
  let runs = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    // Start of a line: count container markers.
    let markers = 0;
    let j = i;
    for (;;) {
      while (isSpace(text[j])) j++;
      const c = text[j];
      let width = 0;
      if (c === ">") width = 1;
      else if ((c === "-" || c === "*" || c === "+") && (isSpace(text[j + 1]) || isLineEnd(text[j + 1]))) width = 1;
      else if (isDigit(c)) {
        let k = j;
        while (k - j < 9 && isDigit(text[k])) k++;
        if ((text[k] === "." || text[k] === ")") && (isSpace(text[k + 1]) || isLineEnd(text[k + 1]))) width = k - j + 1;
      }
      if (width === 0) break;
      markers++;
      if (markers > MAX_LINE_CONTAINERS) {
        // Escape this marker: the rest of the line is text. For `1.` the escape goes before the `.`.
        out += text.slice(i, j);
        if (width === 1) out += `\\${text[j]}`;
        else out += `${text.slice(j, j + width - 1)}\\${text[j + width - 1]}`;
        i = j + width;
        break;
      }
      j += width;
    }
    // The rest of the line, counting emphasis runs.
    while (i < n) {
      const c = text[i] as string;
      if (c === "\\") {
        out += text.slice(i, i + 2);
        i += 2;
        continue;
      }
      if (c === "*" || c === "_") {
        let k = i;
        while (text[k] === c) k++;
        runs++;
        const literal = runs > MAX_EMPHASIS_RUNS || k - i > MAX_EMPHASIS_RUN_LENGTH;
        out += literal ? `\\${c}`.repeat(k - i) : text.slice(i, k);
        i = k;
        continue;
      }
      out += c;
      i++;
      if (c === "\n") break;
    }
  }
  return out;
}
