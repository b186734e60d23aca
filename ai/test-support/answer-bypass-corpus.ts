// Attempts to get an outside link, an image or raw HTML through the Meeting Intelligence answer sanitiser, as a
// prompt-injected model might write them. Used by ai/src/openai/sanitize-answer-markdown.test.ts (the sanitised
// output keeps no outside address) and by web/src/components/search/answer-markdown.test.tsx (the browser renders
// neither the raw text nor the sanitised output with an outside link or an image).

/** The meetings the answers below may cite. */
export const CORPUS_ALLOWED_IDS = [12, 34];

export interface BypassCase {
  name: string;
  markdown: string;
  /**
   * Case-insensitive substrings that must be gone from the sanitised output: addresses the attempt used only as a
   * link, image or definition target. Default `["evil.example"]`. Empty where the address is visible text the
   * model wrote (a bare URL, code): that stays text, never a link.
   */
  gone?: string[];
  /** Citation hrefs the sanitised output must still link to. */
  keeps?: string[];
}

const CITE = "[Quarterly review (April 14, 2025)](/meetings/12)";

/** A long, legitimate-looking answer (~11,000 characters) with outside links spread through it. */
function longAnswer(): string {
  const parts: string[] = [];
  for (let i = 0; i < 60; i++) {
    parts.push(
      `### Topic ${i}\n\n- **Owner:** Alex ${CITE}\n- See [the form](https://evil.example/${i}) and ![p](https://evil.example/p${i}.png)\n`,
    );
  }
  return parts.join("\n");
}

export const BYPASS_CORPUS: BypassCase[] = [
  // The four found bypasses of the line-based sanitiser.
  { name: "brackets inside link text", markdown: "Read [see [this]](https://evil.example) now." },
  { name: "link text over two lines", markdown: "Read [see\nthis](https://evil.example/login) now." },
  {
    name: "reference definition inside a blockquote",
    markdown: "> [x]: https://evil.example\n\nSee [x], [the form][x] and [x][].",
  },
  {
    name: "reference definition inside a list item",
    markdown: "- [x]: https://evil.example\n- item\n\nClick [x] or [here][x].",
  },
  {
    name: "a citation renders same-tab (was target=_blank for every link)",
    markdown: `As agreed ${CITE}, and [at 1:35](/meetings/34?t=95).`,
    keeps: ["/meetings/12", "/meetings/34?t=95"],
  },
  // Autolinks and bare addresses.
  { name: "autolink", markdown: "Go to <https://evil.example/login> today." },
  { name: "e-mail autolink", markdown: "Write to <phish@evil.example> today." },
  {
    name: "bare URL stays text (no GFM: never a link)",
    markdown: "Visit https://evil.example/login and www.evil.example now.",
    gone: [],
  },
  // Dangerous schemes.
  { name: "javascript: URL", markdown: "[x](javascript:alert(document.cookie))", gone: ["javascript"] },
  {
    name: "mixed-case and angle-bracketed javascript:",
    markdown: "[a](JaVaScRiPt:alert(1)) [b](<javascript:alert(1)>) [c]( javascript:alert(1) )",
    gone: ["javascript"],
  },
  { name: "entity-encoded javascript:", markdown: "[x](&#106;avascript:alert(1))", gone: ["avascript", "&#106"] },
  { name: "tab inside the scheme", markdown: "[x](java&#x09;script:alert(1))", gone: ["script:", "&#x09"] },
  {
    name: "data: URL",
    markdown: "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    gone: ["data:", "PHNjcmlwdD"],
  },
  {
    name: "vbscript: and file: URLs",
    markdown: "[a](vbscript:msgbox(1)) [b](file:///etc/passwd)",
    gone: ["vbscript", "file:"],
  },
  // Lookalikes of the meeting path.
  { name: "protocol-relative", markdown: "[x](//evil.example/meetings/12)" },
  { name: "path traversal after the id", markdown: "[x](/meetings/12/../../evil.example)" },
  { name: "userinfo-looking suffix", markdown: "[x](/meetings/12@evil.example)" },
  {
    name: "backslash tricks",
    markdown: "[a](/\\evil.example) [b](\\\\evil.example/meetings/12) [c](/meetings/12\\@evil.example)",
  },
  {
    name: "percent-encoded and full-width digits",
    markdown:
      "[a](/%6deetings/12?x=evil.example) [b](/meetings/１２?evil.example) [c](/meetings/12%2F..%2Fevil.example)",
  },
  {
    name: "query and fragment beyond ?t=",
    markdown:
      "[a](/meetings/12?t=30&next=https://evil.example) [b](/meetings/12#evil.example) [c](/meetings/12?t=-1&evil.example) [ok](/meetings/12?t=30)",
    keeps: ["/meetings/12?t=30"],
  },
  {
    name: "meeting the answer may not cite",
    markdown: "[x](/meetings/99) [y](/meetings/012)",
    gone: ["/meetings/99", "/meetings/012"],
  },
  // Raw HTML.
  { name: "inline HTML anchor", markdown: 'Click <a href="https://evil.example">here</a> now.' },
  { name: "HTML block anchor", markdown: '<div><a href="https://evil.example">here</a></div>\n\nafter' },
  {
    name: "HTML img with onerror",
    markdown: 'Look <img src="https://evil.example/x.png" onerror="alert(1)"> here',
    gone: ["evil.example", "onerror"],
  },
  {
    name: "script and iframe",
    markdown: `<script>fetch('https://evil.example')</script>\n\nx <iframe src="https://evil.example"></iframe>`,
  },
  { name: "HTML comment hiding a link", markdown: "a <!-- [x](https://evil.example) --> b" },
  // Images.
  { name: "markdown image", markdown: '![logo](https://evil.example/pixel.png "t")' },
  { name: "image reference", markdown: "![logo][p]\n\n[p]: https://evil.example/pixel.png" },
  { name: "image inside a link", markdown: "[![x](https://evil.example/p.png) see](https://evil.example)" },
  { name: "link inside an image", markdown: "![see [c](https://evil.example)](https://evil.example/p.png)" },
  { name: "citation inside an image", markdown: `![a ${CITE}](https://evil.example/p.png)` },
  // Reference definitions in every place they can hide.
  { name: "indented definition", markdown: "   [x]: https://evil.example\n\n[x]" },
  { name: "definition with its target on the next line", markdown: '[x]:\n  https://evil.example\n  "title"\n\n[x]' },
  { name: "definition after its use", markdown: "See [x] and [y][x].\n\n[x]: https://evil.example" },
  { name: "case-folded label", markdown: "[Ref  Link] and [ref link][]\n\n[REF LINK]: https://evil.example" },
  { name: "footnote-looking definition (no GFM)", markdown: "Note[^1].\n\n[^1]: https://evil.example" },
  {
    name: "definition to an allowed meeting is kept as a citation",
    markdown: "[the review][q] and [other][o]\n\n[q]: /meetings/12\n[o]: https://evil.example",
    keeps: ["/meetings/12"],
  },
  {
    name: "first definition wins",
    markdown: "[x]\n\n[x]: https://evil.example\n[x]: /meetings/12",
  },
  // Titles, nesting, unbalanced brackets.
  {
    name: "titles with quotes",
    markdown: `[a](https://evil.example "a \\"q\\" title") [b](/meetings/12 'it''s') [c](/meetings/12 "x\\"y")`,
  },
  {
    // The first is a link (its text stays); the broken ones are text the parser never made a link, shown as written.
    name: "unbalanced brackets",
    markdown: "[[[x](https://evil.example/a) ]] [y]](https://evil.example) [[z](https://evil.example",
    gone: ["evil.example/a"],
  },
  {
    name: "outer link around a citation",
    // A link cannot hold a link: the parser makes the citation the link and the outer `](…)` text, as written.
    markdown: `[outer ${CITE}](javascript:alert(1))`,
    gone: [],
    keeps: ["/meetings/12"],
  },
  { name: "reference inside link text", markdown: "[a [x] b](/meetings/12)\n\n[x]: https://evil.example" },
  { name: "angle-bracket target with spaces", markdown: "[x](<https://evil.example/a b>)" },
  { name: "emphasis around a link", markdown: "***[x](https://evil.example)*** _[y](https://evil.example)_" },
  // Block structure.
  {
    name: "setext heading",
    markdown: "Click [here](https://evil.example)\n===\n\nand\n[there](https://evil.example)\n---",
  },
  { name: "deep blockquotes", markdown: `${">".repeat(40)} [x](https://evil.example) ${CITE}` },
  { name: "deep lists", markdown: `${"- ".repeat(40)}[x](https://evil.example)` },
  {
    name: "code keeps link syntax as code (never a link)",
    markdown: '`[x](https://evil.example)`\n\n```\n<a href="https://evil.example">x</a>\n```',
    gone: [],
  },
  // Size.
  { name: "very long answer", markdown: longAnswer(), keeps: ["/meetings/12"] },
  {
    name: "very long run of brackets and emphasis",
    markdown: `${"[".repeat(3000)}${"*".repeat(3000)}[x](https://evil.example)${"]".repeat(3000)}${"_a ".repeat(1000)}`,
  },
  { name: "nested emphasis", markdown: `${"**a ".repeat(1500)}[x](https://evil.example)${" b**".repeat(1500)}` },
  {
    name: "outside link past the length cap",
    markdown: `${"word ".repeat(2500)}\n\n[x](https://evil.example)`,
  },
];
