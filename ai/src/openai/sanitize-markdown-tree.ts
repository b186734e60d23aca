// The tree walk of sanitize-answer-markdown.ts: only the node types an answer needs are kept, links only to the
// meetings the answer may cite.
import type { Blockquote, Code, Heading, ListItem, Nodes, Paragraph, PhrasingContent, RootContent } from "mdast";
import { allowedAnswerLink, MAX_TREE_DEPTH } from "./answer-markdown-limits";

export interface Walk {
  allowed: ReadonlySet<number>;
  /** Definition identifier -> destination, the first definition of each identifier (as CommonMark resolves). */
  definitions: Map<string, string>;
  /** The text that was parsed: autolinks are told apart by their source. */
  source: string;
}

export type FlowNode = RootContent;

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

export function sanitizeFlow(node: FlowNode, walk: Walk, depth: number): FlowNode[] {
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
export function collectDefinitions(blocks: readonly FlowNode[]): Map<string, string> {
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
