// What an answer's markdown may be: its length limits, the one link shape it may hold, and the one parser and
// serialiser (the browser's, see sanitize-answer-markdown.ts).

import remarkParse from "remark-parse";
import remarkStringify, { type Options as StringifyOptions } from "remark-stringify";
import { unified } from "unified";

/** Raw model text read at most; the rest is ignored (a stream stops reading there). */
export const MAX_ANSWER_INPUT_CHARS = 12_000;
/**
 * Sanitised answer at most: the page sends answers back as `conversationHistory`, whose messages the search route
 * accepts up to 20,000 characters. Blocks that would go past it are left out.
 */
export const MAX_ANSWER_OUTPUT_CHARS = 20_000;
/** Nodes nested deeper than this become plain text (deep trees make the serialiser superlinear). */
export const MAX_TREE_DEPTH = 24;
/** Block-quote and list markers opening one line, at most; more are escaped before parsing. */
export const MAX_LINE_CONTAINERS = 8;
/** `*` and `_` runs in the whole answer, at most; later ones are escaped before parsing. */
export const MAX_EMPHASIS_RUNS = 1_500;
/** `*`/`_` runs longer than this are escaped before parsing (`***` is the longest an answer needs). */
export const MAX_EMPHASIS_RUN_LENGTH = 3;
/** A stream re-parses at a line end once the text has grown by this much (and by 1/8 of itself). */
export const MIN_REPARSE_STEP = 32;

/**
 * The only link an answer may contain: an internal meeting page, optionally at a second of its recording. Digits
 * only, no leading zero, bounded length: the pattern is anchored and has no nested quantifiers (linear).
 * The browser applies the same shape rule in web/src/components/search/answer-link.ts.
 */
const ANSWER_LINK = /^\/meetings\/([1-9][0-9]{0,9})(?:\?t=([0-9]{1,6}))?$/;

/**
 * The canonical `/meetings/{id}[?t=s]` for a link target the answer may keep, or null. `url` is the destination as
 * the parser decoded it (escapes and character references resolved), which is what the browser follows.
 */
export function allowedAnswerLink(url: string, allowedMeetingIds: ReadonlySet<number>): string | null {
  const match = ANSWER_LINK.exec(url);
  if (!match) return null;
  const id = Number(match[1]);
  if (!allowedMeetingIds.has(id)) return null;
  return match[2] === undefined ? `/meetings/${id}` : `/meetings/${id}?t=${Number(match[2])}`;
}

export const parser = unified().use(remarkParse);

const stringifiers = new Map<string, ReturnType<typeof makeStringifier>>();
function makeStringifier(bullet: "-" | "*", bulletOrdered: "." | ")") {
  const options: StringifyOptions = {
    bullet,
    bulletOther: bullet === "-" ? "*" : "-",
    bulletOrdered,
    emphasis: "*",
    strong: "*",
    fences: true,
    listItemIndent: "one",
    rule: "-",
  };
  return unified().use(remarkStringify, options);
}
export function stringifier(bullet: "-" | "*", bulletOrdered: "." | ")") {
  const key = bullet + bulletOrdered;
  let found = stringifiers.get(key);
  if (!found) {
    found = makeStringifier(bullet, bulletOrdered);
    stringifiers.set(key, found);
  }
  return found;
}
