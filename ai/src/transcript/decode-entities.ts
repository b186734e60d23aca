// Character references in cue text ("&amp;", "&#8217;", "&#x2019;"), read by scanning: a reference ends at
// ";" within a short run of letters, digits and "#"; anything else stays as written.

const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  lrm: "\u200e",
  rlm: "\u200f",
  nbsp: "\u00a0",
  quot: '"',
  apos: "'",
  hellip: "…",
  mdash: "—",
  ndash: "–",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  euro: "€",
  pound: "£",
  copy: "©",
  reg: "®",
  trade: "™",
};

const isReferenceChar = (code: number) =>
  (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x23;

/** The longest reference worth reading ("&#x10FFFF;", "&hellip;"); longer runs are plain text. */
const MAX_REFERENCE = 12;

/**
 * Reads a reference at `at` (which holds "&"). Returns its text and the index after it; for anything that is
 * not a known reference, the run of reference characters is returned as written, so scanning never goes back.
 */
export function readCharacterReference(text: string, at: number): { text: string; next: number } {
  let end = at + 1;
  while (end < text.length && isReferenceChar(text.charCodeAt(end))) end++;
  const body = text.slice(at + 1, end);
  if (text.charCodeAt(end) === 0x3b && body.length > 0 && body.length <= MAX_REFERENCE) {
    const decoded = decodeReference(body);
    if (decoded !== null) return { text: decoded, next: end + 1 };
  }
  return { text: text.slice(at, end), next: end };
}

function decodeReference(body: string): string | null {
  if (body[0] !== "#") return NAMED[body] ?? null;
  const hex = body[1] === "x" || body[1] === "X";
  const digits = body.slice(hex ? 2 : 1);
  if (digits === "" || !(hex ? /^[0-9a-fA-F]+$/ : /^[0-9]+$/).test(digits)) return null;
  const code = Number.parseInt(digits, hex ? 16 : 10);
  // As in HTML: no NUL, surrogates or code points past Unicode; controls are not text either.
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "\ufffd";
  if ((code < 0x20 && code !== 0x09 && code !== 0x0a) || (code >= 0x7f && code <= 0x9f)) return "";
  return String.fromCodePoint(code);
}
