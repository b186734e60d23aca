import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import type { Nodes } from "mdast";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { BYPASS_CORPUS, CORPUS_ALLOWED_IDS } from "../../test-support/answer-bypass-corpus";
import { boundFromBaseline, measureSyncBaselineMs, timeSyncMs } from "../../test-support/timing-baseline";
import { allowedAnswerLink, MAX_ANSWER_INPUT_CHARS, MAX_ANSWER_OUTPUT_CHARS } from "./answer-markdown-limits";
import { guardAnswerComplexity } from "./guard-answer-complexity";
import { createStreamSanitizer, sanitizeAnswerMarkdown } from "./sanitize-answer-markdown";

const allowed = new Set(CORPUS_ALLOWED_IDS);
const parser = unified().use(remarkParse);

/** What the sanitised markdown parses to, as react-markdown would see it: everything that is not plain text. */
function unsafeNodes(markdown: string): string[] {
  const found: string[] = [];
  const stack: Nodes[] = [parser.parse(markdown)];
  while (stack.length) {
    const node = stack.pop() as Nodes;
    if (node.type === "link") {
      if (allowedAnswerLink(node.url, allowed) !== node.url) found.push(`link ${node.url}`);
      if (node.title) found.push(`title ${node.title}`);
    } else if (
      node.type === "image" ||
      node.type === "imageReference" ||
      node.type === "linkReference" ||
      node.type === "definition" ||
      node.type === "html"
    ) {
      found.push(node.type);
    }
    if ("children" in node) stack.push(...(node.children as Nodes[]));
  }
  return found;
}

function linkTargets(markdown: string): string[] {
  const targets: string[] = [];
  const stack: Nodes[] = [parser.parse(markdown)];
  while (stack.length) {
    const node = stack.pop() as Nodes;
    if (node.type === "link") targets.push(node.url);
    if ("children" in node) stack.push(...(node.children as Nodes[]));
  }
  return targets;
}

/** Feeds `text` to a stream sanitizer in pieces of the given sizes (cycled) and joins what it returns. */
function streamed(text: string, sizes: number[]): string {
  const sanitizer = createStreamSanitizer(allowed);
  let out = "";
  for (let i = 0, k = 0; i < text.length; k++) {
    const size = Math.max(1, sizes[k % sizes.length] ?? 1);
    out += sanitizer.push(text.slice(i, i + size));
    i += size;
  }
  return out + sanitizer.flush();
}

/** max(20 × an ordinary answer of `length` characters sanitised just before, 2 s): see docs/testing.md. */
function sanitiseBound(length: number): number {
  const ordinary = "The client **agreed** to review the [529 plan](/meetings/1) in June.\n\n"
    .repeat(Math.ceil(length / 72) + 1)
    .slice(0, Math.max(length, 1));
  const baseline = measureSyncBaselineMs(() => sanitizeAnswerMarkdown(ordinary, allowed), 3);
  return boundFromBaseline(baseline, { factor: 20, floorMs: 2_000 });
}

describe("bypass corpus", () => {
  test("has the four known bypasses and at least 20 more", () => {
    expect(BYPASS_CORPUS.length).toBeGreaterThanOrEqual(24);
  });

  for (const attempt of BYPASS_CORPUS) {
    test(attempt.name, () => {
      let out = "";
      const ms = timeSyncMs(() => {
        out = sanitizeAnswerMarkdown(attempt.markdown, allowed);
      });
      // Typical cases take ~1 ms; the bound follows this machine's speed for an ordinary answer of the same length.
      expect(ms).toBeLessThan(sanitiseBound(attempt.markdown.length));
      expect(out.length).toBeLessThanOrEqual(MAX_ANSWER_OUTPUT_CHARS);
      for (const gone of attempt.gone ?? ["evil.example"]) expect(out.toLowerCase()).not.toContain(gone.toLowerCase());
      expect(unsafeNodes(out)).toEqual([]);
      const targets = linkTargets(out);
      for (const href of attempt.keeps ?? []) expect(targets).toContain(href);
      // Sanitising is stable: the output is already its own sanitised form (when it fits the input cap).
      if (out.length <= MAX_ANSWER_INPUT_CHARS) expect(sanitizeAnswerMarkdown(out, allowed)).toBe(out);
    });
  }

  test("streaming any corpus entry in any pieces gives the one-shot result", () => {
    for (const attempt of BYPASS_CORPUS) {
      const whole = sanitizeAnswerMarkdown(attempt.markdown, allowed);
      if (attempt.markdown.length > 2_000) {
        expect(streamed(attempt.markdown, [97])).toBe(whole);
        continue;
      }
      for (const sizes of [[1], [3], [7, 1, 13], [64]]) expect(streamed(attempt.markdown, sizes)).toBe(whole);
    }
  });
});

describe("sanitizeAnswerMarkdown", () => {
  test("keeps the markdown an answer needs", () => {
    const answer = [
      "### Agreement",
      "You agreed to lower the equity share [Quarterly review (April 14, 2025)](/meetings/12).",
      "- **Owner:** Alex *Advisor*\n- Next: `2025-07-01`",
      "1. one\n2. two",
      "> quoted",
      "```text\ncode [x](https://evil.example)\n```",
      "---",
      "line\\\nbreak",
    ].join("\n\n");
    expect(sanitizeAnswerMarkdown(answer, allowed)).toBe(answer);
  });

  test("outside links become their text; autolinks, images, HTML and definitions go", () => {
    expect(sanitizeAnswerMarkdown("a ![x](http://evil) b", allowed)).toBe("a  b");
    expect(sanitizeAnswerMarkdown("a <script>alert(1)</script> b", allowed)).toBe("a  b");
    expect(sanitizeAnswerMarkdown('<img src="x" onerror="y"> <b>bold</b>', allowed)).toBe("bold");
    expect(sanitizeAnswerMarkdown("[click](https://evil.example)", allowed)).toBe("click");
    expect(sanitizeAnswerMarkdown("go <https://evil.example> now", allowed)).toBe("go  now");
    expect(sanitizeAnswerMarkdown("[see [this]](https://evil.example)", allowed)).toBe("see \\[this]");
    expect(sanitizeAnswerMarkdown("[see\nthis](https://evil.example)", allowed)).toBe("see\nthis");
    expect(sanitizeAnswerMarkdown("> [x]: https://evil.example\n\n[x]", allowed)).toBe("x");
  });

  test("citations: only allowed ids, canonical form, `?t=` kept, titles dropped", () => {
    expect(sanitizeAnswerMarkdown("[m](/meetings/12)", allowed)).toBe("[m](/meetings/12)");
    expect(sanitizeAnswerMarkdown('[m](/meetings/12 "title")', allowed)).toBe("[m](/meetings/12)");
    expect(sanitizeAnswerMarkdown("[m](/meetings/12?t=95)", allowed)).toBe("[m](/meetings/12?t=95)");
    expect(sanitizeAnswerMarkdown("[m](/meetings/99)", allowed)).toBe("m");
    expect(sanitizeAnswerMarkdown("[m](/meetings/12)", new Set([7]))).toBe("m");
    expect(sanitizeAnswerMarkdown("[m](/meetings/12)", [12])).toBe("[m](/meetings/12)");
    expect(sanitizeAnswerMarkdown("[m][r]\n\n[r]: /meetings/34", allowed)).toBe("[m](/meetings/34)");
    const escaped = "[Q1 \\[draft\\] (May 2, 2025)](/meetings/12)";
    expect(sanitizeAnswerMarkdown(escaped, allowed)).toBe(escaped);
  });

  test("allowedAnswerLink accepts only /meetings/{id} and ?t=digits", () => {
    expect(allowedAnswerLink("/meetings/12", allowed)).toBe("/meetings/12");
    expect(allowedAnswerLink("/meetings/12?t=0", allowed)).toBe("/meetings/12?t=0");
    for (const url of [
      "/meetings/12/",
      "/meetings/012",
      "/meetings/12?t=",
      "/meetings/12?t=1&x=2",
      "/meetings/12#x",
      "//meetings/12",
      "https://x/meetings/12",
      "/meetings/12\n",
      "/meetings/99",
      "/meetings/1".padEnd(40, "1"),
    ]) {
      expect(allowedAnswerLink(url, allowed)).toBeNull();
    }
  });

  test("adjacent lists stay apart", () => {
    expect(sanitizeAnswerMarkdown("- a\n\n* b", allowed)).toBe("- a\n\n* b");
    expect(sanitizeAnswerMarkdown("1. a\n\n1) b", allowed)).toBe("1. a\n\n1) b");
    expect(sanitizeAnswerMarkdown("- a\n\n<div>x</div>\n\n- b", allowed)).toBe("- a\n\n* b");
  });

  test("reads at most MAX_ANSWER_INPUT_CHARS", () => {
    const long = `${"word ".repeat(MAX_ANSWER_INPUT_CHARS / 5)}\n\nTAIL`;
    expect(sanitizeAnswerMarkdown(long, allowed)).not.toContain("TAIL");
  });

  test("the complexity guard escapes deep line nesting and long emphasis runs only", () => {
    expect(guardAnswerComplexity("- a\n> b\n1. c")).toBe("- a\n> b\n1. c");
    expect(guardAnswerComplexity(`${"> ".repeat(10)}x`)).toBe(`${"> ".repeat(8)}\\> > x`);
    expect(guardAnswerComplexity("1. 2. 3. 4. 5. 6. 7. 8. 9. x")).toBe("1. 2. 3. 4. 5. 6. 7. 8. 9\\. x");
    expect(guardAnswerComplexity("***a*** ****b")).toBe("***a*** \\*\\*\\*\\*b");
  });

  test("pathological inputs at the cap stay fast", () => {
    const n = MAX_ANSWER_INPUT_CHARS;
    for (const text of [
      `${"*".repeat(n / 2)}a${"*".repeat(n / 2)}`,
      `${"**a ".repeat(n / 8)}${" b**".repeat(n / 8)}`,
      `${"- ".repeat(n / 2)}x`,
      `${">".repeat(n)}x`,
      "[".repeat(n),
      "<a ".repeat(n / 3),
      "> a\n".repeat(n / 4),
    ]) {
      const bound = sanitiseBound(text.length);
      expect(timeSyncMs(() => sanitizeAnswerMarkdown(text, allowed))).toBeLessThan(bound);
    }
  });
});

describe("createStreamSanitizer", () => {
  test("sends each block once it is closed, and the pieces add up to the one-shot result", () => {
    const text = "First paragraph with [click](https://evil.example).\n\n![i](http://e) ok\n\n[m](/meetings/12) end";
    const sanitizer = createStreamSanitizer(allowed);
    const pieces = [...text].map((c) => sanitizer.push(c)).filter(Boolean);
    // Before the end: closed blocks only, never the last one (it could still grow).
    expect(pieces[0]).toBe("First paragraph with click.");
    expect(pieces.join("")).not.toContain("end");
    pieces.push(sanitizer.flush());
    expect(pieces.join("")).toBe(sanitizeAnswerMarkdown(text, allowed));
    expect(pieces.join("")).toBe("First paragraph with click.\n\nok\n\n[m](/meetings/12) end");
  });

  test("holds a block back while a later definition could still turn its brackets into a link", () => {
    const sanitizer = createStreamSanitizer(allowed);
    let out = sanitizer.push("See [x] and more words here.\n\nNext paragraph here.\n\nThird one.\n\n");
    expect(out).toBe("");
    out += sanitizer.push("[x]: https://evil.example\n");
    out += sanitizer.flush();
    expect(out).toBe("See x and more words here.\n\nNext paragraph here.\n\nThird one.");
  });

  test("is full at the input cap, and ignores what comes after", () => {
    const sanitizer = createStreamSanitizer(allowed);
    sanitizer.push("a ".repeat(MAX_ANSWER_INPUT_CHARS));
    expect(sanitizer.full).toBe(true);
    expect(sanitizer.push("\n\n[x](https://evil.example)")).toBe("");
    expect(sanitizer.flush()).not.toContain("evil");
  });

  test("any chunking of generated markdown gives the one-shot result", () => {
    const token = fc.constantFrom(
      "word ",
      "\n",
      "\n\n",
      "- ",
      "1. ",
      "> ",
      "# ",
      "**",
      "*",
      "_",
      "`",
      "```\n",
      "[",
      "]",
      "(",
      ")",
      "![",
      "<",
      ">",
      "\\",
      "https://evil.example",
      "/meetings/12",
      "[x]: https://evil.example\n",
      "[x]: /meetings/34\n",
      "[x]",
      "===\n",
      "---\n",
      "    ",
      "<div>",
    );
    fc.assert(
      fc.property(
        fc.array(token, { maxLength: 60 }),
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 8 }),
        (tokens, sizes) => {
          const text = tokens.join("");
          const whole = sanitizeAnswerMarkdown(text, allowed);
          expect(streamed(text, sizes)).toBe(whole);
          expect(unsafeNodes(whole)).toEqual([]);
        },
      ),
      { numRuns: 400 },
    );
  });
});
