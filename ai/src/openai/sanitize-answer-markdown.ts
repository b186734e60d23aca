// Safety net for chat-model answers: whatever the model was talked into writing, the answer keeps no images, no
// raw HTML and no links except citations of meetings the answer was built from.
//
// The answer is parsed with remark-parse (micromark, CommonMark, no GFM): the same parser, version and plugins as
// react-markdown in web/src/components/search/chat-message.tsx, so the tree walked here is the tree the browser
// renders. The walk keeps only the node types an answer needs and serialises the result with remark-stringify.
// Links survive only as `/meetings/{id}` (optionally `?t=SECONDS`) with an id the answer may cite; reference links
// are judged by the definition the parser resolved them to; definitions, images and raw HTML are removed.
//
// Output is built one top-level block at a time, so a stream can send each block as soon as it is closed, and the
// streamed pieces always add up to exactly `sanitizeAnswerMarkdown(whole text)`.

import { MAX_ANSWER_INPUT_CHARS, MIN_REPARSE_STEP } from "./answer-markdown-limits";
import { cap } from "./guard-answer-complexity";
import { AnswerDocument } from "./stream-block-boundary";

function toSet(ids: Iterable<number>): ReadonlySet<number> {
  return ids instanceof Set ? ids : new Set(ids);
}

/**
 * The answer as markdown that holds only paragraphs, headings, emphasis, lists, quotes, code and breaks, and links
 * to `/meetings/{id}` (optionally `?t=SECONDS`) for ids in `allowedMeetingIds`. Other links become their text,
 * autolinks, images, raw HTML and definitions go. Reads at most MAX_ANSWER_INPUT_CHARS and returns at most
 * MAX_ANSWER_OUTPUT_CHARS.
 */
export function sanitizeAnswerMarkdown(text: string, allowedMeetingIds: Iterable<number>): string {
  return new AnswerDocument(toSet(allowedMeetingIds)).emit(cap(text, MAX_ANSWER_INPUT_CHARS), true);
}

/**
 * Sanitises streamed text: each closed top-level block is sent once it can no longer change, the rest at `flush`.
 * The pieces add up to exactly `sanitizeAnswerMarkdown(all the text)`. Once MAX_ANSWER_INPUT_CHARS have been read,
 * `full` is true and later text is ignored, so the caller can stop the model's stream.
 */
export function createStreamSanitizer(allowedMeetingIds: Iterable<number>) {
  const document = new AnswerDocument(toSet(allowedMeetingIds));
  let raw = "";
  let parsedLength = 0;
  let lineEnded = false;
  let full = false;
  return {
    /** Returns sanitised markdown of blocks completed by `chunk`, or "". */
    push(chunk: string): string {
      if (full) return "";
      raw = cap(raw + chunk, MAX_ANSWER_INPUT_CHARS);
      full = raw.length >= MAX_ANSWER_INPUT_CHARS - 1;
      if (chunk.includes("\n")) lineEnded = true;
      // Each parse reads the whole text; parsing only after growth by a fraction of it keeps the total linear.
      const step = Math.max(MIN_REPARSE_STEP, raw.length >> 3);
      if (!lineEnded || raw.length - parsedLength < step) return "";
      parsedLength = raw.length;
      lineEnded = false;
      // Whole lines only: a partial line can read differently once it is complete (`*` alone opens a list item
      // and closes the block above; `*word` would continue it).
      return document.emit(raw.slice(0, raw.lastIndexOf("\n") + 1), false);
    },
    /** The sanitised rest after the stream ended. */
    flush(): string {
      const rest = document.emit(raw, true);
      raw = "";
      return rest;
    },
    get full(): boolean {
      return full;
    },
  };
}
