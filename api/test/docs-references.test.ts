// Every file, folder, anchor and quoted section that the docs (README.md, docs/*.md) and the code's comments (*.ts,
// *.tsx under api, ai, db, web) name exists: a renamed file or a rewritten section leaves no pointer to nothing.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { scriptsFor } from "../scripts/bench-scripts";
import { Repository } from "./docs-references/broken-references";
import { commentText } from "./docs-references/comment-text";
import { headingAnchors, markdownReferences } from "./docs-references/markdown-references";
import {
  codeSpans,
  commandMentions,
  fileNameMentions,
  pathMentions,
  sectionMentions,
} from "./docs-references/path-mentions";

const root = join(import.meta.dir, "..", "..");
const TOP = new Set(["api", "ai", "db", "web", "docs"]);

describe("this repository", () => {
  const repository = new Repository(root);

  test("README.md and docs/*.md name only files, anchors and sections that exist", () => {
    const docs = ["README.md", ...repository.files(["docs"], [".md"])];
    expect(docs.length).toBeGreaterThan(5);
    expect(docs.flatMap((doc) => repository.checkMarkdown(doc))).toEqual([]);
  });

  test("comments in api, ai, db and web name only files and sections that exist", () => {
    const sources = repository.files(["api", "ai", "db", "web"], [".ts", ".tsx"]);
    expect(sources.length).toBeGreaterThan(500);
    expect(sources.flatMap((source) => repository.checkComments(source))).toEqual([]);
  });
});

describe("what counts as a path", () => {
  test("repository paths, with their anchor, without the sentence's punctuation", () => {
    const text = "See api/src/server.ts, `docs/uploads.md#measured` and web/e2e/.";
    expect(pathMentions(text, TOP)).toEqual([
      { path: "api/src/server.ts" },
      { path: "docs/uploads.md", anchor: "measured" },
      { path: "web/e2e/" },
    ]);
  });

  test("routes, URLs, package names, other roots and placeholders are not repository paths", () => {
    const text =
      "GET /api/meetings, https://example.com/api/x.ts, @cm/ai/openai, DATA_DIR/outbox/, " +
      "db/migrations/NNN_name.sql, */bench/*.ts, api/src/**, web/<page>.tsx, github:owner/api/x.ts";
    expect(pathMentions(text, TOP)).toEqual([]);
  });

  test("file names and path ends of the repository's kinds, and quoted sections after a Markdown file", () => {
    const text =
      "the head (`early-head.ts`), main.tsx, rank/relevance.ts, ../jobs/x.ts and notes.txt, v1.2, " +
      "api/src/server.ts (a repository path), example.com/x.ts, path/to/file.test.ts";
    expect(fileNameMentions(text, TOP)).toEqual([
      { name: "early-head.ts" },
      { name: "main.tsx" },
      { name: "rank/relevance.ts" },
      { name: "../jobs/x.ts" },
    ]);
    expect(sectionMentions('docs/testing.md, "Time by part" and uploads.md “Measured”')).toEqual([
      { file: "docs/testing.md", section: "Time by part" },
      { file: "uploads.md", section: "Measured" },
    ]);
  });

  test("comments are read by a tokenizer: not strings, not regular expressions; a block's lines are joined", () => {
    const source = [
      'const url = "http://host/ // api/in-a-string.ts";',
      "const pattern = /\\/\\/ api\\/in-a-regex.ts/;",
      "// see api/src/server.ts",
      "/**",
      ' * docs/measurements.md, "Search',
      ' * latency"',
      " */",
      "const element = <a href='//x'>// api/jsx-text.ts</a>;",
    ].join("\n");
    expect(commentText(source, true)).toEqual(["see api/src/server.ts", ' docs/measurements.md, "Search latency" ']);
  });

  test("links are read from the Markdown tree, URLs left out; text in code spans and tables is read", () => {
    const markdown = [
      "# Title",
      "",
      "[a](other.md#part) [b](https://example.com/api/x.ts) [c](#title)",
      "",
      "| file |",
      "| ---- |",
      "| `api/src/server.ts` |",
    ].join("\n");
    const references = markdownReferences(markdown, TOP);
    expect(references.links).toEqual([
      { path: "other.md", anchor: "part" },
      { path: "", anchor: "title" },
    ]);
    expect(references.paths).toEqual([{ path: "api/src/server.ts" }]);
  });

  test("commands run by name, in code spans; a path after `bun run` is a path mention", () => {
    expect(commandMentions("bun run bench load --db=native && bun run test")).toEqual([
      { script: "bench", word: "load" },
      { script: "test" },
    ]);
    expect(commandMentions("bun run api/bench/load.ts; bun run fit.ts")).toEqual([]);
    expect(codeSpans("Run by `bun run fit` after `bun run bench`, then bun run it.")).toEqual([
      "bun run fit",
      "bun run bench",
    ]);
  });

  test("`bun run bench WORD` runs the script named WORD, else every script whose path holds it", () => {
    const scripts = ["ai/bench/answers.ts", "api/bench/load.ts", "api/bench/upload.ts", "api/bench/fairness.ts"];
    expect(scriptsFor(scripts, "load")).toEqual(["api/bench/load.ts"]);
    expect(scriptsFor(scripts, "fair")).toEqual(["api/bench/fairness.ts"]);
    expect(scriptsFor(scripts, "api")).toEqual(scripts.slice(1));
    expect(scriptsFor(scripts, undefined)).toEqual(scripts);
  });

  test("anchors as GitHub makes them", () => {
    const anchors = headingAnchors(
      "## Fair by work: 1 to 8 heavy accounts\n\n## Uploads (`api/bench/upload.ts`)\n\n## Uploads\n",
    );
    expect([...anchors]).toEqual(["fair-by-work-1-to-8-heavy-accounts", "uploads-apibenchuploadts", "uploads"]);
  });
});

/** A small repository whose docs and comments name things that exist and things that do not. */
function writeFixture(fixture: string): void {
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(fixture, path)), { recursive: true });
    writeFileSync(join(fixture, path), text);
  };
  write(".gitignore", "node_modules/\ndata/\n");
  write("package.json", JSON.stringify({ scripts: { bench: "bun run api/scripts/bench.ts", test: "bun test" } }));
  write("api/bench/load.ts", "export {};\n");
  write(
    "api/src/present.ts",
    '// Measured: docs/guide.md, "Speed"; api/src/gone.ts; docs/guide.md, "Colour"\nexport {};\n',
  );
  write(
    "api/src/other.ts",
    "// old-name.ts, present.ts, data/outbox/ and docs/guide.md#speed-now; `bun run bench load`, `bun run lint`\n" +
      "// src/present.ts, ./present.ts, ../src/present.ts; src/absent.ts, ./absent.ts\n" +
      "export {};\n",
  );
  write(
    "docs/guide.md",
    [
      "# Guide",
      "",
      "## Speed now",
      "",
      "**Memory.** Figures.",
      "",
      "`api/src/present.ts`, `api/src/missing.ts`, [here](#speed-now), [there](#speed-then),",
      '[other](other.md), `docs/guide.md#memory`, guide.md, "Memory", guide.md, "Colour".',
      "`bun run bench load`, `bun run test`, `bun run bench nothing`, `bun run deploy`.",
    ].join("\n"),
  );
}

describe("a broken reference is reported", () => {
  const fixture = mkdtempSync(join(tmpdir(), "docs-references-"));
  let repository: Repository;
  beforeAll(() => {
    writeFixture(fixture);
    repository = new Repository(fixture);
  });
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  test("in a doc: a missing file, anchor, link target, section, package script, benchmark", () => {
    expect(repository.checkMarkdown("docs/guide.md")).toEqual([
      {
        in: "docs/guide.md",
        reference: "bun run bench nothing",
        problem: 'no benchmark script named or holding "nothing"',
      },
      { in: "docs/guide.md", reference: "bun run deploy", problem: "no such script in package.json" },
      { in: "docs/guide.md", reference: "api/src/missing.ts", problem: "no such file or folder" },
      { in: "docs/guide.md", reference: "docs/guide.md#memory", problem: "no heading with the anchor #memory" },
      { in: "docs/guide.md", reference: 'guide.md, "Colour"', problem: 'no section "Colour" in docs/guide.md' },
      { in: "docs/guide.md", reference: "#speed-then", problem: "no heading with the anchor #speed-then" },
      { in: "docs/guide.md", reference: "other.md", problem: "no such file or folder" },
    ]);
  });

  test("in a comment: missing files, names, path ends, relative paths, sections, scripts; ignored folders pass", () => {
    expect(repository.checkComments("api/src/present.ts")).toEqual([
      { in: "api/src/present.ts", reference: "api/src/gone.ts", problem: "no such file or folder" },
      {
        in: "api/src/present.ts",
        reference: 'docs/guide.md, "Colour"',
        problem: 'no section "Colour" in docs/guide.md',
      },
    ]);
    expect(repository.checkComments("api/src/other.ts")).toEqual([
      { in: "api/src/other.ts", reference: "bun run lint", problem: "no such script in package.json" },
      { in: "api/src/other.ts", reference: "old-name.ts", problem: "no file of that name" },
      { in: "api/src/other.ts", reference: "src/absent.ts", problem: "no file of that name" },
      { in: "api/src/other.ts", reference: "./absent.ts", problem: "no file of that name" },
    ]);
  });
});
