// What a Markdown document names: link targets (relative to the document), repository paths in its text and code
// (relative to the repository root), and quoted section names. Read through the GitHub-flavoured Markdown parser,
// so a path in a code span, a table cell or a link is found the way GitHub shows it.
import GithubSlugger from "github-slugger";
import type { Nodes, Root } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import {
  type CommandMention,
  commandMentions,
  type FileNameMention,
  fileNameMentions,
  type PathMention,
  pathMentions,
  type SectionMention,
  sectionMentions,
} from "./path-mentions";

export interface LinkTarget {
  /** As written: a path relative to the document, or empty for an anchor in the document itself. */
  path: string;
  anchor?: string;
}

export interface MarkdownReferences {
  links: LinkTarget[];
  paths: PathMention[];
  fileNames: FileNameMention[];
  sections: SectionMention[];
  commands: CommandMention[];
}

const URL_SCHEME = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/** Each document is read for its references, its anchors and its sections: parsed once. */
const parsed = new Map<string, Root>();

function parse(markdown: string): Root {
  const tree =
    parsed.get(markdown) ?? fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  parsed.set(markdown, tree);
  return tree;
}

/** The text of a node as a reader sees it: text and code spans, without the marks around them. */
function plainText(node: Nodes): string {
  if (node.type === "text" || node.type === "inlineCode") return node.value;
  if ("children" in node) return node.children.map((child) => plainText(child as Nodes)).join("");
  return "";
}

export function markdownReferences(markdown: string, topLevelFolders: ReadonlySet<string>): MarkdownReferences {
  const references: MarkdownReferences = { links: [], paths: [], fileNames: [], sections: [], commands: [] };
  const readText = (text: string) => {
    references.paths.push(...pathMentions(text, topLevelFolders));
    references.fileNames.push(...fileNameMentions(text, topLevelFolders));
    references.sections.push(...sectionMentions(text));
  };
  const addLink = (url: string) => {
    if (URL_SCHEME.test(url)) return;
    const [path = "", anchor] = url.split("#", 2);
    references.links.push(anchor ? { path: decodeURI(path), anchor } : { path: decodeURI(path) });
  };
  const visit = (node: Nodes): void => {
    if (node.type === "definition") addLink(node.url);
    if (node.type === "code") references.commands.push(...commandMentions(node.value));
    if (node.type === "code" || node.type === "html") readText(node.value);
    else if (node.type === "paragraph" || node.type === "heading" || node.type === "tableCell") {
      readText(plainText(node));
      // Their text was read whole; links and code spans inside are still read for targets and commands.
      for (const child of node.children) visitPhrasing(child);
      return;
    }
    if ("children" in node) for (const child of node.children) visit(child as Nodes);
  };
  const visitPhrasing = (node: Nodes): void => {
    if (node.type === "link") addLink(node.url);
    if (node.type === "inlineCode") references.commands.push(...commandMentions(node.value));
    if ("children" in node) for (const child of node.children) visitPhrasing(child as Nodes);
  };
  visit(parse(markdown));
  return references;
}

/** The anchors GitHub gives a document's headings (`## Fair by work: 1 to 8` → `fair-by-work-1-to-8`). */
export function headingAnchors(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  return new Set(headings(markdown).map((heading) => slugger.slug(heading)));
}

/** Section names a quote can point at: headings, and the bold lead of a paragraph (`**Memory on a bucket.**`). */
export function sectionNames(markdown: string): string[] {
  const names = headings(markdown);
  const visit = (node: Nodes): void => {
    if (node.type === "paragraph" && node.children[0]?.type === "strong") names.push(plainText(node.children[0]));
    if ("children" in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(parse(markdown));
  return names;
}

function headings(markdown: string): string[] {
  const found: string[] = [];
  const visit = (node: Nodes): void => {
    if (node.type === "heading") found.push(plainText(node));
    else if ("children" in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(parse(markdown));
  return found;
}
