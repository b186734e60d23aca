// ROUGE-1 (unigram overlap) as in Lin (2004) and Google's rouge-score: lower-cased alphanumeric tokens, no stop words
// removed, light stemming (the local tokeniser's stemmer, close to Porter for English inflections), clipped counts.
import { stemWord } from "../../src/language/tokens";

const TOKEN = /[a-z0-9]+/g;

export function rougeTokens(text: string, stem = true): string[] {
  const words = text.toLowerCase().match(TOKEN) ?? [];
  return stem ? words.map((word) => (word.length > 3 ? stemWord(word) : word)) : words;
}

export interface RougeScore {
  precision: number;
  recall: number;
  f1: number;
}

export function rouge1(candidate: string, reference: string, stem = true): RougeScore {
  const counts = new Map<string, number>();
  const referenceTokens = rougeTokens(reference, stem);
  for (const token of referenceTokens) counts.set(token, (counts.get(token) ?? 0) + 1);
  const candidateTokens = rougeTokens(candidate, stem);
  let overlap = 0;
  for (const token of candidateTokens) {
    const left = counts.get(token) ?? 0;
    if (left > 0) {
      overlap++;
      counts.set(token, left - 1);
    }
  }
  const precision = candidateTokens.length ? overlap / candidateTokens.length : 0;
  const recall = referenceTokens.length ? overlap / referenceTokens.length : 0;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}
