// Cue text by the WebVTT "cue text parsing rules": a hand-written tokenizer (data, tag, class, annotation,
// end tag and timestamp states) and the spec's tree of open elements, reduced to what a transcript needs:
// the text, and the speaker of the innermost <v> around it. Every character is looked at a bounded number
// of times, whatever the input.

import { collapseWhitespace } from "./clean-text";
import { isDigit } from "./cue-timing";
import { readCharacterReference } from "./decode-entities";

export interface CueRun {
  /** Annotation of the innermost <v> element around this text; null outside any (or for an empty one). */
  speaker: string | null;
  /** Text with entities decoded and tags removed; line breaks kept. */
  text: string;
}

interface OpenElement {
  name: string;
  speaker: string | null;
}

type Token =
  | { kind: "start"; name: string; annotation: string }
  | { kind: "end"; name: string }
  | { kind: "timestamp" };

const LT = 0x3c;
const GT = 0x3e;
const AMP = 0x26;
const BRACE = 0x7b;
const BACKSLASH = 0x5c;
/** Whitespace that ends a tag name or class: tab, line feed, form feed, space. */
const isTagSpace = (code: number) => code === 0x09 || code === 0x0a || code === 0x0c || code === 0x20;
/** "{\an8}", "{\i1}", "{\pos(192,210)}": override blocks are short; a longer "{\...}" is text. */
const MAX_OVERRIDE = 64;
const CONTAINERS = new Set(["c", "i", "b", "u", "ruby", "lang"]);

/** Splits cue text into runs of text with the same speaker. */
export function parseCueText(text: string): CueRun[] {
  const runs: CueRun[] = [];
  const open: OpenElement[] = [];
  const length = text.length;
  // Where the next "}" is, so SRT/ASS override blocks ("{\an8}") are found without rescanning.
  let nextBrace = -2;
  let i = 0;

  const speaker = () => open[open.length - 1]?.speaker ?? null;
  const append = (piece: string) => {
    if (piece === "") return;
    const current = speaker();
    const last = runs[runs.length - 1];
    if (last && last.speaker === current) last.text += piece;
    else runs.push({ speaker: current, text: piece });
  };

  while (i < length) {
    const code = text.charCodeAt(i);
    if (code === LT) {
      const { token, next } = readTag(text, i + 1);
      applyToken(open, token);
      i = next;
      continue;
    }
    if (code === AMP) {
      const reference = readCharacterReference(text, i);
      append(reference.text);
      i = reference.next;
      continue;
    }
    if (code === BRACE && text.charCodeAt(i + 1) === BACKSLASH) {
      if (nextBrace !== -1 && nextBrace < i) nextBrace = text.indexOf("}", i);
      if (nextBrace > i && nextBrace - i <= MAX_OVERRIDE) {
        i = nextBrace + 1;
        continue;
      }
    }
    let end = i + 1;
    while (end < length) {
      const next = text.charCodeAt(end);
      if (next === LT || next === AMP || next === BRACE) break;
      end++;
    }
    append(text.slice(i, end));
    i = end;
  }
  return runs;
}

/** The spec's tree construction, keeping only the open elements (and their speakers). */
function applyToken(open: OpenElement[], token: Token | null) {
  if (!token || token.kind === "timestamp") return;
  const current = open[open.length - 1];
  if (token.kind === "end") {
    if (current && token.name === current.name) open.pop();
    else if (current && token.name === "ruby" && current.name === "rt") open.splice(-2, 2);
    return;
  }
  const inherited = current?.speaker ?? null;
  if (token.name === "v") {
    open.push({ name: "v", speaker: token.annotation === "" ? null : token.annotation });
  } else if (CONTAINERS.has(token.name) || (token.name === "rt" && current?.name === "ruby")) {
    open.push({ name: token.name, speaker: inherited });
  }
  // Any other tag (<font>, <span>, <br>) is dropped and its text kept.
}

/**
 * Reads one tag from `at` (just after "<") to just after its ">" (or the end of the text): a start tag with
 * classes and annotation, an end tag, or a timestamp tag. Classes are not needed and are skipped.
 */
function readTag(text: string, at: number): { token: Token | null; next: number } {
  const length = text.length;
  const first = text.charCodeAt(at);
  if (first === 0x2f) {
    const close = findTagEnd(text, at + 1);
    return { token: { kind: "end", name: text.slice(at + 1, close) }, next: close + 1 };
  }
  if (isDigit(first)) {
    const close = findTagEnd(text, at);
    return { token: { kind: "timestamp" }, next: close + 1 };
  }
  // Tag name, then ".class" parts, then an annotation after whitespace.
  let i = at;
  while (i < length) {
    const code = text.charCodeAt(i);
    if (code === GT || code === 0x2e || isTagSpace(code)) break;
    i++;
  }
  const name = text.slice(at, i);
  while (i < length) {
    const code = text.charCodeAt(i);
    if (code === GT || isTagSpace(code)) break;
    i++;
  }
  let annotation = "";
  if (i < length && text.charCodeAt(i) !== GT) {
    const close = findTagEnd(text, i);
    annotation = decodeAnnotation(text.slice(i, close));
    i = close;
  }
  return { token: { kind: "start", name, annotation }, next: i + 1 };
}

/** Index of the ">" that closes a tag, or the end of the text when there is none. */
function findTagEnd(text: string, from: number): number {
  const close = text.indexOf(">", from);
  return close < 0 ? text.length : close;
}

/** Annotations (speaker names) with their whitespace collapsed and references decoded. */
function decodeAnnotation(raw: string): string {
  let out = "";
  let i = 0;
  while (i < raw.length) {
    const amp = raw.indexOf("&", i);
    if (amp < 0) {
      out += raw.slice(i);
      break;
    }
    out += raw.slice(i, amp);
    const reference = readCharacterReference(raw, amp);
    out += reference.text;
    i = reference.next;
  }
  return collapseWhitespace(out);
}
