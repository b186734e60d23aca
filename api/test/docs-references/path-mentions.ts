// Finds what a piece of prose names in the repository: paths that start with one of its top-level folders
// (`api/src/server.ts`, `docs/uploads.md#measured`, `web/e2e/`), files named by their name or the end of their path
// (`early-head.ts`, `rank/relevance.ts`), section names quoted after a Markdown file (`docs/testing.md, "Time by
// part"`), and scripts run by name (`bun run fit`). Words reached through a longer path or a URL (`/api/meetings`,
// `https://host/api/x.ts`, `@cm/ai/openai`) and placeholders (`db/migrations/NNN_name.sql`, `*/bench/*.ts`) are not
// paths of this repository and are left out.

export interface PathMention {
  /** Relative to the repository root, without a trailing `#anchor`. */
  path: string;
  /** The part after `#`, when the mention carries one. */
  anchor?: string;
}

/**
 * A file named by the end of its path (`early-head.ts`, `rank/relevance.ts`): some file of the repository has a path
 * ending so. One starting with `./` or `../` is relative to the file that names it.
 */
export interface FileNameMention {
  name: string;
}

/** `bun run NAME [WORD]` in a code span: NAME a script of package.json, WORD (after `bench`) a benchmark. */
export interface CommandMention {
  script: string;
  word?: string;
}

export interface SectionMention {
  /** The Markdown file as written (a repository path, or relative to the document that names it). */
  file: string;
  /** The quoted section name: a heading, or a paragraph's bold lead, starts with it. */
  section: string;
}

/** Characters a path word may hold; anything else ends it. */
const PATH_WORD = /[\w./#@[\]*{}<>…$%+~-]+/g;
/** Marks of a placeholder or a pattern, not a file. */
const PLACEHOLDER = /[*{}<>…$%[\]]|\.\.\.|NNN|XXX|\bpath\/to\//;
/** A word that continues a longer path, a URL or a package name is not a repository path. */
const CONTINUES_SOMETHING = /[\w./@:~-]$/;
const TRAILING_PUNCTUATION = /[.,;!?]+$/;

/** Extensions of the repository's own source and docs, the ones a bare file name is checked for. */
const SOURCE_FILE_NAME = /^\w[\w.-]*\.(?:tsx?|sql|md)$/;

/** The words of a text that could be paths: not the continuation of a longer path, URL or package name. */
function* pathWords(text: string): Generator<string> {
  for (const match of text.matchAll(PATH_WORD)) {
    const before = text.slice(Math.max(0, match.index - 1), match.index);
    if (!CONTINUES_SOMETHING.test(before)) yield match[0].replace(TRAILING_PUNCTUATION, "");
  }
}

export function pathMentions(text: string, topLevelFolders: ReadonlySet<string>): PathMention[] {
  const found: PathMention[] = [];
  for (const word of pathWords(text)) {
    const slash = word.indexOf("/");
    if (slash <= 0 || !topLevelFolders.has(word.slice(0, slash))) continue;
    if (PLACEHOLDER.test(word)) continue;
    const [path = "", anchor] = word.split("#", 2);
    found.push(anchor ? { path, anchor } : { path });
  }
  return found;
}

export function fileNameMentions(text: string, topLevelFolders: ReadonlySet<string>): FileNameMention[] {
  const found: FileNameMention[] = [];
  for (const word of pathWords(text)) {
    const name = word.slice(word.lastIndexOf("/") + 1);
    if (!SOURCE_FILE_NAME.test(name) || PLACEHOLDER.test(word)) continue;
    const first = word.split("/", 1)[0]!;
    // A repository path is a PathMention; a first segment with a dot that is not `.` or `..` is a host name.
    if (
      word.includes("/") &&
      (topLevelFolders.has(first) || (first.includes(".") && first !== "." && first !== ".."))
    ) {
      continue;
    }
    found.push({ name: word });
  }
  return found;
}

/**
 * A Markdown file and a quoted section after it, with a comma, a space or ", section" between (straight or curly
 * quotes). It starts only where a file name can start, so each run of name characters is tried once: linear.
 */
const SECTION_MENTION = /(?<![\w./-])([\w./-]+\.md)(?:,? (?:section )?)["“]([^"”\n]{2,100})["”]/g;

export function sectionMentions(text: string): SectionMention[] {
  return [...text.matchAll(SECTION_MENTION)].map((match) => ({ file: match[1]!, section: match[2]! }));
}

/** `bun run NAME` where NAME is a word, not a path (`bun run api/bench/load.ts` is a path mention). */
const BUN_RUN = /\bbun run ([a-z][\w:-]*)(?![\w/.:-])(?:[ \t]+([a-z][\w-]*)(?![\w/.-]))?/g;
const CODE_SPAN = /`([^`\n]+)`/g;

/** Commands in code (a code span or block's text): each script run by name. */
export function commandMentions(code: string): CommandMention[] {
  return [...code.matchAll(BUN_RUN)].map(([, script = "", word]) => (word ? { script, word } : { script }));
}

/** The code spans of a prose text (a comment), for `commandMentions`. */
export function codeSpans(text: string): string[] {
  return [...text.matchAll(CODE_SPAN)].map((match) => match[1]!);
}
