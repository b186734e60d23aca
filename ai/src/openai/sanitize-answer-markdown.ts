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

import type { Blockquote, Code, Heading, ListItem, Nodes, Paragraph, PhrasingContent, RootContent } from "mdast";
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
const MAX_TREE_DEPTH = 24;
/** Block-quote and list markers opening one line, at most; more are escaped before parsing. */
const MAX_LINE_CONTAINERS = 8;
/** `*` and `_` runs in the whole answer, at most; later ones are escaped before parsing. */
const MAX_EMPHASIS_RUNS = 1_500;
/** `*`/`_` runs longer than this are escaped before parsing (`***` is the longest an answer needs). */
const MAX_EMPHASIS_RUN_LENGTH = 3;
/** A stream re-parses at a line end once the text has grown by this much (and by 1/8 of itself). */
const MIN_REPARSE_STEP = 32;

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

const parser = unified().use(remarkParse);

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
function stringifier(bullet: "-" | "*", bulletOrdered: "." | ")") {
  const key = bullet + bulletOrdered;
  let found = stringifiers.get(key);
  if (!found) {
    found = makeStringifier(bullet, bulletOrdered);
    stringifiers.set(key, found);
  }
  return found;
}

// ---------------------------------------------------------------------------------------------------------------
// Before parsing: a cap and two linear guards against inputs that make micromark superlinear.

/** `text` cut to `max` UTF-16 units, never between the halves of a surrogate pair. */
function cap(text: string, max: number): string {
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

// ---------------------------------------------------------------------------------------------------------------
// The tree walk.

interface Walk {
  allowed: ReadonlySet<number>;
  /** Definition identifier -> destination, the first definition of each identifier (as CommonMark resolves). */
  definitions: Map<string, string>;
  /** The text that was parsed: autolinks are told apart by their source. */
  source: string;
}

type FlowNode = RootContent;

/** Text content of a subtree (iterative: any depth), without image alt text, URLs or raw HTML. */
function plainText(node: Nodes): string {
  let out = "";
  const stack: Nodes[] = [node];
  while (stack.length) {
    const current = stack.pop() as Nodes;
    if (current.type === "text" || current.type === "inlineCode" || current.type === "code") out += current.value;
    else if (current.type === "break") out += " ";
    else if (current.type === "image" || current.type === "imageReference" || current.type === "html") continue;
    else if (current.type === "definition") continue;
    else if ("children" in current) {
      // Blocks read as separate words.
      if (current.type !== "root" && !isPhrasing(current) && out && !out.endsWith(" ")) out += " ";
      for (let k = current.children.length - 1; k >= 0; k--) stack.push(current.children[k] as Nodes);
    }
  }
  return out;
}

const PHRASING = new Set(["text", "emphasis", "strong", "link", "linkReference", "inlineCode", "break"]);
const isPhrasing = (node: Nodes) => PHRASING.has(node.type);

const OPENS_RAW_TEXT = /^<(?:script|style|textarea|title)(?:[\s/>]|$)/i;
const CLOSES_RAW_TEXT = /^<\/(?:script|style|textarea|title)[\s>]/i;

function sanitizePhrasing(children: readonly PhrasingContent[], walk: Walk, depth: number): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  let insideRawText = false;
  for (const child of children) {
    // Inline `<script>…</script>`: the tags are HTML nodes and the code between them text; drop all of it.
    if (child.type === "html") {
      if (OPENS_RAW_TEXT.test(child.value)) insideRawText = true;
      else if (CLOSES_RAW_TEXT.test(child.value)) insideRawText = false;
      continue;
    }
    if (insideRawText) continue;
    out.push(...sanitizeInline(child, walk, depth));
  }
  return mergeText(out).map((n) => (n.type === "text" ? { type: "text", value: trimLineEnds(n.value) } : n));
}

/**
 * Spaces before a line break inside text mean nothing in markdown (a hard break is its own node), and the
 * serialiser would keep them as `&#x20;`: drop them. Linear: one split and one trim per line.
 */
function trimLineEnds(value: string): string {
  if (!value.includes("\n")) return value;
  const lines = value.split("\n");
  for (let k = 0; k < lines.length - 1; k++) lines[k] = (lines[k] as string).trimEnd();
  return lines.join("\n");
}

/** Drops whitespace left at the start and end of a paragraph or heading where nodes were removed. */
function trimEdges(nodes: PhrasingContent[]): PhrasingContent[] {
  const out = [...nodes];
  const first = out[0];
  if (first?.type === "text") out[0] = { type: "text", value: first.value.trimStart() };
  const last = out.at(-1);
  if (last?.type === "text") out[out.length - 1] = { type: "text", value: last.value.trimEnd() };
  return out.filter((n) => n.type !== "text" || n.value !== "");
}

/** Joins neighbouring text nodes left behind where nodes were removed. */
function mergeText(nodes: PhrasingContent[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const node of nodes) {
    const last = out.at(-1);
    if (node.type === "text" && last?.type === "text")
      out[out.length - 1] = { type: "text", value: last.value + node.value };
    else out.push(node);
  }
  return out;
}

const hasContent = (nodes: readonly PhrasingContent[]) =>
  nodes.some((n) => n.type !== "text" || n.value.trim() !== "") && nodes.some((n) => n.type !== "break");

function sanitizeInline(node: PhrasingContent, walk: Walk, depth: number): PhrasingContent[] {
  if (depth > MAX_TREE_DEPTH) {
    const value = plainText(node);
    return value ? [{ type: "text", value }] : [];
  }
  switch (node.type) {
    case "text":
      return [{ type: "text", value: node.value }];
    case "inlineCode":
      return [{ type: "inlineCode", value: node.value }];
    case "break":
      return [{ type: "break" }];
    case "emphasis":
    case "strong": {
      const children = sanitizePhrasing(node.children, walk, depth + 1);
      return hasContent(children) ? [{ type: node.type, children }] : children;
    }
    case "link":
    case "linkReference": {
      const target = node.type === "link" ? node.url : walk.definitions.get(node.identifier);
      const url = target === undefined ? null : allowedAnswerLink(target, walk.allowed);
      const children = sanitizePhrasing(node.children, walk, depth + 1);
      // An autolink (`<https://…>`, `<a@b.c>`) is nothing but its outside address: drop it whole.
      const start = node.position?.start.offset;
      if (node.type === "link" && start !== undefined && walk.source[start] === "<") return [];
      if (url === null || !hasContent(children)) return children;
      return [{ type: "link", url, title: null, children }];
    }
    default:
      // image, imageReference, html (handled by the caller), and anything a plugin could add: removed.
      return [];
  }
}

function sanitizeFlow(node: FlowNode, walk: Walk, depth: number): FlowNode[] {
  if (depth > MAX_TREE_DEPTH) {
    const value = plainText(node).trim();
    return value ? [{ type: "paragraph", children: [{ type: "text", value }] }] : [];
  }
  switch (node.type) {
    case "paragraph": {
      const children = trimEdges(sanitizePhrasing(node.children, walk, depth + 1));
      return hasContent(children) ? [{ type: "paragraph", children } satisfies Paragraph] : [];
    }
    case "heading": {
      const children = trimEdges(sanitizePhrasing(node.children, walk, depth + 1));
      return hasContent(children) ? [{ type: "heading", depth: node.depth, children } satisfies Heading] : [];
    }
    case "blockquote": {
      const children = sanitizeFlowChildren(node.children, walk, depth + 1);
      return children.length ? [{ type: "blockquote", children } as Blockquote] : [];
    }
    case "list": {
      const items: ListItem[] = [];
      for (const item of node.children) {
        items.push({
          type: "listItem",
          spread: item.spread ?? false,
          checked: null,
          children: sanitizeFlowChildren(item.children, walk, depth + 2) as ListItem["children"],
        });
      }
      if (!items.some((item) => item.children.length)) return [];
      const start = node.ordered && node.start != null ? Math.min(Math.max(node.start, 0), 999_999_999) : null;
      return [{ type: "list", ordered: node.ordered ?? false, start, spread: node.spread ?? false, children: items }];
    }
    case "code": {
      const lang = node.lang && /^[A-Za-z0-9_+#.-]{1,20}$/.test(node.lang) ? node.lang : null;
      return [{ type: "code", lang, meta: null, value: node.value } satisfies Code];
    }
    case "thematicBreak":
      return [{ type: "thematicBreak" }];
    default:
      // html, definition, and anything a plugin could add: removed.
      return [];
  }
}

function sanitizeFlowChildren(children: readonly FlowNode[], walk: Walk, depth: number): FlowNode[] {
  return children.flatMap((child) => sanitizeFlow(child, walk, depth));
}

/** Definitions anywhere in these blocks, first one of each identifier (iterative: any depth). */
function collectDefinitions(blocks: readonly FlowNode[]): Map<string, string> {
  const definitions = new Map<string, string>();
  const stack: Nodes[] = [...blocks].reverse();
  while (stack.length) {
    const node = stack.pop() as Nodes;
    if (node.type === "definition") {
      if (!definitions.has(node.identifier)) definitions.set(node.identifier, node.url);
    } else if ("children" in node && !isPhrasing(node) && node.type !== "paragraph" && node.type !== "heading") {
      for (let k = node.children.length - 1; k >= 0; k--) stack.push(node.children[k] as Nodes);
    }
  }
  return definitions;
}

/** True when `source` has a `]` that no backslash escapes. */
function hasUnescapedCloseBracket(source: string): boolean {
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") i++;
    else if (c === "]") return true;
  }
  return false;
}

/**
 * True when text still to come could change how this closed block reads: some text in it holds a `]` (an unresolved
 * `[x]`, `[x][y]` or `![x][y]` that a later definition would turn into a link), or a reference in it resolves to a
 * definition that is not in a closed block yet (its destination may still be growing).
 */
function mayChangeWithLaterText(block: FlowNode, source: string, closedDefinitions: Map<string, string>): boolean {
  const stack: Nodes[] = [block];
  while (stack.length) {
    const node = stack.pop() as Nodes;
    if (node.type === "text") {
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      const raw = start !== undefined && end !== undefined ? source.slice(start, end) : node.value;
      if (hasUnescapedCloseBracket(raw)) return true;
    } else if (node.type === "linkReference" || node.type === "imageReference") {
      if (!closedDefinitions.has(node.identifier)) return true;
    }
    if ("children" in node) {
      for (const child of node.children) stack.push(child as Nodes);
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------------
// Output, one top-level block at a time.

/**
 * Sanitised output of one answer, block by block. `emit` parses the whole text seen so far and returns the
 * sanitised markdown of the top-level blocks that can no longer change (or all of them at the end).
 */
class AnswerDocument {
  private emitted = 0;
  private outputLength = 0;
  private truncated = false;
  private lastList: { ordered: boolean; bullet: string } | null = null;

  constructor(private readonly allowed: ReadonlySet<number>) {}

  emit(raw: string, final: boolean): string {
    if (this.truncated) return "";
    const source = guardAnswerComplexity(raw);
    const root = parser.parse(source);
    // The last block may still grow (a paragraph's next line, a list's next item), and closed blocks never change
    // in CommonMark, except by link definitions, which `mayChangeWithLaterText` waits for. Before the end, only
    // definitions in closed blocks count.
    const end = final ? root.children.length : root.children.length - 1;
    const walk: Walk = { allowed: this.allowed, definitions: collectDefinitions(root.children.slice(0, end)), source };
    let out = "";
    while (this.emitted < end) {
      const block = root.children[this.emitted] as FlowNode;
      if (!final && mayChangeWithLaterText(block, source, walk.definitions)) break;
      this.emitted++;
      for (const node of sanitizeFlow(block, walk, 1)) {
        const text = this.serialize(node);
        const piece = this.outputLength === 0 ? text : `\n\n${text}`;
        if (this.outputLength + piece.length > MAX_ANSWER_OUTPUT_CHARS) {
          this.truncated = true;
          return out;
        }
        out += piece;
        this.outputLength += piece.length;
      }
    }
    return out;
  }

  /** One block, standalone; a list right after a list of the same kind takes the other marker, or they would merge. */
  private serialize(node: FlowNode): string {
    let bullet: "-" | "*" = "-";
    let ordered: "." | ")" = ".";
    if (node.type === "list") {
      const previous = this.lastList;
      const ordinal = node.ordered === true;
      if (ordinal) ordered = previous?.ordered === true && previous.bullet === "." ? ")" : ".";
      else bullet = previous?.ordered === false && previous.bullet === "-" ? "*" : "-";
      this.lastList = { ordered: ordinal, bullet: ordinal ? ordered : bullet };
    } else {
      this.lastList = null;
    }
    // Without the serialiser's final newline: blocks are joined by a blank line, and the answer ends with text.
    const text = stringifier(bullet, ordered).stringify({ type: "root", children: [node] });
    return text.endsWith("\n") ? text.slice(0, -1) : text;
  }
}

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
