// Hostile text in a meeting (a title, a client's name, a summary, notes, what was said) exports as inert Markdown:
// no HTML, no link or image, no reference definition, no autolink, whatever viewer opens the file.
import { expect, test } from "bun:test";
import { renderFollowUpEmail } from "../../mail/follow-up-email";
import { renderMarkdown } from "./markdown-export";
import { escapeMarkdown } from "./markdown-text";
import type { MeetingDocument } from "./meeting-document";

const HOSTILE = [
  '<img src=x onerror="alert(1)">',
  "[Click to verify your account](javascript:alert(document.cookie))",
  "![tracker](https://evil.example/pixel.png)",
  "[statement][ref]\n\n[ref]: https://evil.example/phish",
  "<https://evil.example/auto>",
  "Visit https://evil.example/login or www.evil.example today",
  "[data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "<script>alert(1)</script> <a href='https://evil.example'>here</a>",
  "write to payments@evil.example",
];

function hostileDocument(): MeetingDocument {
  return {
    id: 7,
    title: HOSTILE[0]!,
    clientId: 1,
    clientName: HOSTILE[1]!,
    date: new Date("2026-03-10T12:00:00Z"),
    status: "Processed",
    executiveSummary: HOSTILE.join("\n"),
    keyPoints: HOSTILE,
    decisions: HOSTILE,
    actionItems: HOSTILE.map((task) => ({ task, assignee: HOSTILE[2]! })),
    nextMeeting: { date: HOSTILE[4]!, topics: HOSTILE },
    notes: HOSTILE.join("\n\n"),
    transcript: HOSTILE.map((text, i) => ({ start: i * 5, speaker: HOSTILE[3]!, text })),
    review: { at: new Date("2026-03-11T09:00:00Z"), by: HOSTILE[0]! },
    consent: null,
  };
}

/** What would make a viewer fetch, run or link anything: raw tags, link or image syntax, autolinks. */
function expectInert(markdown: string) {
  // Code spans show their text literally (no HTML, no links inside); everything outside them must hold no tag.
  const outsideCode = markdown.replace(/(`+)[^`]*?\1/g, "");
  expect(outsideCode).not.toMatch(/<[a-z!/]/i);
  expect(outsideCode).not.toMatch(/(?<!\\)!(?<!\\)\[/); // ![alt]
  expect(outsideCode).not.toMatch(/(?<!\\)\]\(/); // [text](url) or ![alt](url)
  expect(outsideCode).not.toMatch(/(?<!\\)\]\[/); // [text][ref]
  expect(outsideCode).not.toMatch(/^\s*(?<!\\)\[[^\]\n]{1,100}\]:/m); // [ref]: url
  // Every bare address sits in a code span, which no viewer links.
  expect(outsideCode).not.toMatch(/:\/\/|www\.|@evil/);
}

test("every part of a hostile meeting exports as inert Markdown, transcript included", () => {
  const markdown = renderMarkdown(hostileDocument());
  expectInert(markdown);
  // The words are all still there, as text.
  expect(markdown).toContain('&lt;img src=x onerror="alert(1)"&gt;');
  expect(markdown).toContain("\\[Click to verify your account\\](javascript:alert(document.cookie))");
  expect(markdown).toContain("`https://evil.example/login`");
});

test("escaping keeps line breaks and plain words, and handles backticks around an address", () => {
  expect(escapeMarkdown("Plain words, 5% more.\nNext line")).toBe("Plain words, 5% more.\nNext line");
  expect(escapeMarkdown("see `https://x.example`")).toBe("see `` `https://x.example` ``");
});

test("the follow-up e-mail's HTML carries no link, image or raw tag from the text", async () => {
  const email = await renderFollowUpEmail("Follow-up", { advisorName: "Dana", body: HOSTILE.join("\n\n") });
  expect(email.html).not.toMatch(/<(a|img|script)\b/i);
  // The hostile markup is there only as escaped text.
  expect(email.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
});
