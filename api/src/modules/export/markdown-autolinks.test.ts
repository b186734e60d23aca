// The Markdown export, read by a real GitHub-flavoured parser (micromark with GFM, as remark-gfm reads it): no text
// from the meeting becomes a link, whatever autolink form it holds and wherever it sits in a word. The export has no
// link of its own, so any link node in the tree came from user text.
import { expect, test } from "bun:test";
import fc from "fast-check";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import { renderMarkdown } from "./markdown-export";
import { escapeMarkdown } from "./markdown-text";
import type { MeetingDocument } from "./meeting-document";

/** Every autolink form GFM's autolink-literal extension (and CommonMark's `<…>`) links, in the places it links them. */
const AUTOLINKS = [
  "(www.example.com/login)",
  "~www.example.com",
  "_www.example.com_",
  "*www.example.com*",
  "WWW.EXAMPLE.COM",
  "see:www.example.com",
  "https://evil.example/login",
  "(https://evil.example)",
  "HTTP://EVIL.EXAMPLE",
  "x,https://evil.example",
  "payments@evil.example",
  "(payments@evil.example)",
  "a,payments@evil.example",
  "mailto:payments@evil.example",
  "xmpp:payments@evil.example/desk",
  "<https://evil.example/auto>",
  "<payments@evil.example>",
  "<irc:evil.example>",
  "www\\.example.com",
  "www&#46;example.com",
  "https&#58;//evil.example",
];

/** What is read of a syntax tree node here. */
interface TreeNode {
  type: string;
  position?: { start: { offset?: number }; end: { offset?: number } };
  children?: TreeNode[];
}

/** The kinds of node a viewer turns into something that links, loads or runs. */
const LIVE = new Set(["link", "linkReference", "image", "imageReference", "definition", "html", "footnoteReference"]);

function liveNodes(markdown: string): string[] {
  const tree = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const found: string[] = [];
  const visit = (node: TreeNode) => {
    if (LIVE.has(node.type))
      found.push(`${node.type}: ${markdown.slice(node.position?.start.offset, node.position?.end.offset)}`);
    for (const child of node.children ?? []) visit(child);
  };
  visit(tree);
  return found;
}

function documentOf(text: string): MeetingDocument {
  return {
    id: 7,
    title: text,
    clientId: 1,
    clientName: text,
    date: new Date("2026-03-10T12:00:00Z"),
    status: "Processed",
    executiveSummary: text,
    keyPoints: [text],
    decisions: [text],
    // The export wraps the assignee and due date in its own "(… , due …)": the wrapping must not make a link either.
    actionItems: [
      { task: text, assignee: text, dueDate: "2026-04-01" },
      { task: text, assignee: "www.example.com", dueDate: "2026-04-01" },
      { task: text, assignee: "payments@evil.example" },
    ],
    nextMeeting: { date: "2026-04-02", topics: [text, text] },
    notes: text,
    transcript: [{ start: 5, speaker: text, text }],
    review: { at: new Date("2026-03-11T09:00:00Z"), by: text },
    consent: null,
  };
}

test("the parser used here does link every form in the corpus when it is not escaped", () => {
  // Guards the test itself: a form the parser never links would prove nothing below.
  const linked = AUTOLINKS.filter((form) => !form.includes("&#") && !form.includes("\\") && liveNodes(form).length);
  expect(linked.length).toBeGreaterThanOrEqual(AUTOLINKS.length - 4);
});

test("no autolink form in any field of a meeting becomes a link in the export", () => {
  for (const form of AUTOLINKS) {
    expect({ form, live: liveNodes(renderMarkdown(documentOf(form))) }).toEqual({ form, live: [] });
    expect({ form, live: liveNodes(renderMarkdown(documentOf(`before ${form} after`))) }).toEqual({ form, live: [] });
  }
});

test("escaped text keeps its words: an address shows as code, read back unchanged", () => {
  const tree = fromMarkdown(escapeMarkdown("go to (www.example.com/login) now"), {
    extensions: [gfm()],
    mdastExtensions: [gfmFromMarkdown()],
  });
  expect(JSON.stringify(tree)).toContain('"inlineCode","value":"(www.example.com/login)"');
});

// Random text over the pieces autolinks are made of: whatever the mix, the export holds no live node.
const PIECES = ["www", ".", "www.", "http", "https", "://", ":", "/", "@", "mailto:", "xmpp:", "a", "B", "1", "-", "_"];
const MORE = ["~", "*", "(", ")", "<", ">", "[", "]", "!", "`", "\\", "&", "#", ";", " ", "\n", ",", "\u00a0", "|"];

test("random mixes of autolink pieces never make a link (fast-check)", () => {
  const text = fc.array(fc.constantFrom(...PIECES, ...MORE), { maxLength: 40 }).map((parts) => parts.join(""));
  fc.assert(
    fc.property(text, (value) => {
      expect(liveNodes(renderMarkdown(documentOf(value)))).toEqual([]);
    }),
    { numRuns: 500 },
  );
});

test("escaping a long text of near-autolinks completes in one pass", () => {
  // Linear by construction (one split on whitespace, one scan per word); this feeds it the worst shapes.
  const text = `${"www.".repeat(50_000)} ${"a@".repeat(50_000)} ${":/".repeat(50_000)}`;
  const escaped = escapeMarkdown(text);
  expect(escaped.length).toBeGreaterThan(text.length);
});
