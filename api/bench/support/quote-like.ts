// Notes that read like a transcript rather than notes: a speaker-labelled line (`Walt: "…"`, `June Pemberton: we…`)
// or a sentence that is a quotation from end to end. Issue 28's target: none in the executive summary, the key points
// or the follow-up e-mail. Shapes only; no rule of the product is used.

/** A label before a colon at the start of a line (`Miriam:`, `**June Pemberton:**`, `- Speaker 2:`). */
const LABEL = /^(?:[-*•]\s*)?(?:\*\*)?([\p{L}][\p{L}\p{N}.'’ -]{0,40}?)(?:\*\*)?\s*:(?:\*\*)?\s*\S/u;
/** A whole sentence in quotation marks, allowing a closing stop outside. */
const WHOLE_QUOTE = /^(?:[-*•]\s*)?["“„«][^"“”„«»]{8,}["”»][.!?]?$/u;

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1);

/**
 * A speaker-labelled quote: the line starts with a label made only of words of the meeting's speakers' names
 * ("June", "June Pemberton", "Dr. Ruiz") or a device label ("Speaker 2"), then a colon; or it is one quotation.
 */
export function looksLikeQuote(text: string, speakerNames: string[]): boolean {
  const line = text.trim();
  if (WHOLE_QUOTE.test(line)) return true;
  const label = LABEL.exec(line)?.[1]?.trim();
  if (!label) return false;
  if (/^speaker\s*\d+$/i.test(label)) return true;
  const known = new Set(speakerNames.flatMap(words));
  const labelWords = words(label).filter((word) => word !== "dr" && word !== "mr" && word !== "ms" && word !== "mrs");
  return labelWords.length > 0 && labelWords.every((word) => known.has(word));
}

/** Sentences of a paragraph (a stop, then space and a capital or a quote mark); lines apart. */
export function sentences(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?]["”]?)\s+(?=["“\p{Lu}])/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Lines of a markdown e-mail body that carry words (blank lines and bare headings out). */
export const bodyLines = (body: string) =>
  body
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !/^#+\s/.test(line));
