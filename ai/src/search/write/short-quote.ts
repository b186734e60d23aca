// The few words of a quote that say the subject, for the one line naming every client ("Hollis: “…funded with term
// life on Ray…”"): a window of words around the first word of the subject's family, the rest cut with "…".
import { wordFamily } from "../rank/subject-match";

/** Words kept in a short quote. */
export const SHORT_QUOTE_WORDS = 12;
/** Words kept before the first subject word, so it reads as part of a sentence. */
const LEAD_WORDS = 3;

const bare = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}'’-]/gu, "");

export function shortQuote(text: string, subjectTerms: readonly string[], limit = SHORT_QUOTE_WORDS): string {
  const words = text.slice(0, 5_000).split(/\s+/).filter(Boolean);
  if (words.length <= limit) return words.join(" ");
  const wanted = new Set(subjectTerms.flatMap((t) => wordFamily(t)));
  const first = words.findIndex((w) =>
    bare(w)
      .split("-")
      .some((part) => wordFamily(part).some((k) => wanted.has(k))),
  );
  const start = Math.max(0, Math.min(first < 0 ? 0 : first - LEAD_WORDS, words.length - limit));
  const end = start + limit;
  const kept = words.slice(start, end).join(" ");
  return `${start > 0 ? "…" : ""}${end < words.length ? withoutTrailingCommas(kept) : kept}${end < words.length ? "…" : ""}`;
}

/** The text without the commas, semicolons or colons it ends with (a loop: no backtracking). */
function withoutTrailingCommas(text: string): string {
  let end = text.length;
  while (end > 0 && ",;:".includes(text.charAt(end - 1))) end--;
  return text.slice(0, end);
}
