/**
 * Text from the meeting (titles, names, summaries, notes, what was said) written into the Markdown export so that any
 * Markdown viewer shows it as text: HTML is escaped (no <img onerror>, no raw tags, no <autolinks>), the characters
 * that open links, images, reference definitions, emphasis and code are backslash-escaped, and bare web addresses
 * and e-mail addresses (which GitHub-flavoured viewers turn into links by themselves) go into code spans. The export
 * carries no link that is not the meeting's own. One pass per character: linear time.
 */
const ESCAPED = new Map([
  ["&", "&amp;"],
  ["<", "&lt;"],
  [">", "&gt;"],
]);
/**
 * Markdown punctuation that opens a link, image or reference definition (brackets: without them "(url)" and "!" are
 * plain text), emphasis or code, and the backslash itself.
 */
const BACKSLASHED = new Set(["\\", "`", "*", "_", "[", "]"]);

/**
 * Whether a word could hold a GitHub autolink literal anywhere inside it: every form GFM links by itself needs "www."
 * (www autolinks), "://" (http and https) or an "@" with a dot after it (e-mail, mailto:, xmpp:). These are looked for
 * anywhere in the word, not only at its start, because GFM links "(www.x.com)", "~www.x.com" and "a,b@x.com" too, and
 * remark links even across backslash escapes; so the whole word goes in a code span, which no viewer links. Autolinks
 * in angle brackets cannot form: "<" is written as an entity. A "javascript:" or "data:" word is a link only inside
 * link syntax, which is escaped anyway.
 */
function looksLikeLink(word: string): boolean {
  const lower = word.toLowerCase();
  if (lower.includes("://") || lower.includes("www.")) return true;
  const at = word.indexOf("@");
  return at >= 0 && word.indexOf(".", at) > at;
}

/** A word as an inline code span: fenced by one backtick more than its longest run of backticks. */
function toCodeSpan(word: string): string {
  let longest = 0;
  let run = 0;
  for (const char of word) {
    run = char === "`" ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  const fence = "`".repeat(longest + 1);
  const pad = word.startsWith("`") || word.endsWith("`") ? " " : "";
  return `${fence}${pad}${word}${pad}${fence}`;
}

function escapeWord(word: string): string {
  if (looksLikeLink(word)) return toCodeSpan(word);
  let out = "";
  for (const char of word) out += ESCAPED.get(char) ?? (BACKSLASHED.has(char) ? `\\${char}` : char);
  return out;
}

/** The text with every word made inert; whitespace (line breaks included) is kept as it is. */
export function escapeMarkdown(text: string): string {
  return text
    .split(/(\s+)/)
    .map((part) => (part === "" || /^\s+$/.test(part) ? part : escapeWord(part)))
    .join("");
}
