// The notes' shape, for either advisor set: how many key points a meeting has, and which executive-summary
// sentences, key points and follow-up e-mail lines read like speaker-labelled quotes (see quote-like.ts).
import { bodyLines, looksLikeQuote, sentences } from "./quote-like";

export interface NotesShape {
  keyPoints: number;
  summarySentences: number;
  emailLines: number;
  /** The quote-like texts themselves, so a report can show them. */
  quoteLike: { summary: string[]; keyPoints: string[]; email: string[] };
}

export function notesShape(
  summary: { executiveSummary: string; keyPoints: { text: string }[] } | null,
  speakerNames: string[],
  emailBody: string | null,
): NotesShape {
  const summaryParts = summary ? sentences(summary.executiveSummary) : [];
  const points = summary?.keyPoints.map((point) => point.text) ?? [];
  const lines = emailBody ? bodyLines(emailBody) : [];
  const quotes = (texts: string[]) => texts.filter((text) => looksLikeQuote(text, speakerNames));
  return {
    keyPoints: points.length,
    summarySentences: summaryParts.length,
    emailLines: lines.length,
    quoteLike: { summary: quotes(summaryParts), keyPoints: quotes(points), email: quotes(lines) },
  };
}
