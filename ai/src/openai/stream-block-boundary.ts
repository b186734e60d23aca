// When a streamed block is final: a later line can still change how a block parses (a reference definition, an
// unclosed bracket), so a stream holds such a block back; AnswerDocument emits the others, one block at a time.
import type { Nodes } from "mdast";
import { MAX_ANSWER_OUTPUT_CHARS, parser, stringifier } from "./answer-markdown-limits";
import { guardAnswerComplexity } from "./guard-answer-complexity";
import { collectDefinitions, type FlowNode, sanitizeFlow, type Walk } from "./sanitize-markdown-tree";

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

/**
 * Sanitised output of one answer, block by block. `emit` parses the whole text seen so far and returns the
 * sanitised markdown of the top-level blocks that can no longer change (or all of them at the end).
 */
export class AnswerDocument {
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
