// What every follow-up line must pass before the advisor sees it, whoever wrote it (the local sentence forms or a
// chat model): no question, no quotation marks, no client's first-person sentence from the transcript in the
// advisor's mouth, no "Unassigned"; and account, card, routing and social security numbers masked to their last four
// digits. Every step is one walk over the text (no regular expression): linear in its length.

import type { DocumentSegment } from "../export/meeting-document";

/** Why a line is kept out of the e-mail. */
export type LineProblem = "question" | "quotation" | "client-quote" | "unassigned";

/** What the checks know about the meeting: the words its other speakers said, in `spokenWords` form. */
export interface CheckContext {
  /** Every non-advisor turn as " word word … " (lower case, letters and digits only), one after another. */
  spokenByOthers: string;
}

/** A digit run with at least this many digits is an account, card, routing or social security number. */
const MIN_ACCOUNT_DIGITS = 9;
/** Characters that may sit between two digits of one number: "4471-0038-2291", "4471 0038 2291", "123.45.6789". */
const NUMBER_SEPARATORS = new Set([" ", "-", ".", "\u2010", "\u2011", "\u2012", "\u2013", "\u00a0"]);
const CURRENCY = new Set(["$", "€", "£", "¥"]);

const isDigit = (char: string | undefined) => char !== undefined && char >= "0" && char <= "9";

/**
 * The text with every run of 9 or more digits (single separators allowed between them) shown as "•••• 2291", its
 * last four digits. An amount after a currency sign is left alone.
 */
export function maskAccountNumbers(text: string): string {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    if (!isDigit(text[i])) {
      out.push(text[i]!);
      i++;
      continue;
    }
    let end = i;
    let digits = "";
    for (let j = i; j < text.length; j++) {
      if (isDigit(text[j])) {
        digits += text[j];
        end = j + 1;
      } else if (!(NUMBER_SEPARATORS.has(text[j]!) && isDigit(text[j + 1]))) break;
    }
    const amount = i > 0 && CURRENCY.has(text[i - 1]!);
    out.push(digits.length >= MIN_ACCOUNT_DIGITS && !amount ? `•••• ${digits.slice(-4)}` : text.slice(i, end));
    i = end;
  }
  return out.join("");
}

/** Lower-case words of letters and digits, one space apart and around: " i ll tell the roofer ". */
export function spokenWords(text: string): string {
  let out = " ";
  for (const char of text.toLowerCase().replaceAll("’", "'")) {
    const wordChar = /[\p{L}\p{N}]/u.test(char);
    if (wordChar) out += char;
    else if (!out.endsWith(" ")) out += " ";
  }
  return out.endsWith(" ") ? out : `${out} `;
}

/** The checks' view of a meeting: what everyone but the advisor said (any speaker when none is the advisor's name). */
export function checkContext(transcript: DocumentSegment[], advisorNames: string[]): CheckContext {
  const advisor = new Set(advisorNames.map((name) => name.trim().toLowerCase()));
  const others = transcript.filter((turn) => !advisor.has((turn.speaker ?? "").trim().toLowerCase()));
  return { spokenByOthers: others.map((turn) => spokenWords(turn.text)).join("") };
}

/** Characters that open or close a quotation; a straight apostrophe counts only where it opens a word. */
const QUOTATION_MARKS = new Set(['"', "“", "”", "„", "«", "»", "‹", "›", "‘", "‚"]);

function hasQuotationMark(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (QUOTATION_MARKS.has(char)) return true;
    const opensWord = (i === 0 || text[i - 1] === " " || text[i - 1] === "(") && /\p{L}/u.test(text[i + 1] ?? "");
    if (char === "'" && opensWord) return true;
  }
  return false;
}

/** Words that make a sentence a speaker's own ("I'll", "my", "we"), in `spokenWords` form. */
const FIRST_PERSON = new Set(["i", "me", "my", "mine", "myself", "we", "us", "our", "ours", "ourselves"]);

/** The text's sentences, cut after ".", "!" or "?" followed by a space or the end. */
function sentences(text: string): string[] {
  const found: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ends = ".!?".includes(text[i]!) && (i + 1 === text.length || text[i + 1] === " ");
    if (!ends) continue;
    found.push(text.slice(start, i + 1).trim());
    start = i + 1;
  }
  if (text.slice(start).trim()) found.push(text.slice(start).trim());
  return found;
}

/** A first-person sentence of three words or more that another speaker said word for word. */
function isClientQuote(sentence: string, context: CheckContext): boolean {
  const words = spokenWords(sentence);
  const list = words.trim().split(" ");
  if (list.length < 3 || !list.some((word) => FIRST_PERSON.has(word))) return false;
  return context.spokenByOthers.includes(words);
}

/** Why `line` may not go into the e-mail, or null when it may. Run it on the masked line. */
export function findLineProblem(line: string, context: CheckContext): LineProblem | null {
  if (line.includes("?")) return "question";
  if (hasQuotationMark(line)) return "quotation";
  if (line.toLowerCase().includes("unassigned")) return "unassigned";
  if (sentences(line).some((sentence) => isClientQuote(sentence, context))) return "client-quote";
  return null;
}

/** The line masked, or null when it fails a check. */
export function checkedLine(line: string, context: CheckContext): string | null {
  const masked = maskAccountNumbers(line);
  return findLineProblem(masked, context) ? null : masked;
}

/** The lines that pass, masked; the others left out. */
export function checkedLines(lines: string[], context: CheckContext): string[] {
  return lines.flatMap((line) => checkedLine(line, context) ?? []);
}
