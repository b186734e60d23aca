// The sentences of a chunk the answer path may score (rank/candidate-sentences.ts: each sentence, and each question
// said in the meeting joined to its reply), embedded at indexing with the chunk's windows and stored by the digest of
// their text, so a question's ranking reads their vectors instead of encoding them while the advisor waits.
import { createHash } from "node:crypto";
import { passageSentences } from "../search/rank/candidate-sentences";
import type { DraftChunk } from "./draft-chunks";

/** Bytes of a sentence's SHA-256 kept as its key: 128 bits, no two sentences of an account alike by chance. */
const DIGEST_BYTES = 16;

/** The key a sentence's stored vector is found by: the first 16 bytes of the SHA-256 of its exact text. */
export function sentenceDigest(text: string): Uint8Array {
  return createHash("sha256").update(text).digest().subarray(0, DIGEST_BYTES);
}

/** The candidate sentences' texts of one chunk, as the answer path cuts a passage of it, each once. */
export function candidateSentenceTexts(draft: DraftChunk): string[] {
  const speakers = Array.isArray(draft.metadata.speakers)
    ? draft.metadata.speakers.filter((s): s is string => typeof s === "string")
    : [];
  const passage = { meetingId: 0, title: "", date: new Date(0), clientName: "", source: draft.source, speakers };
  return [...new Set(passageSentences([{ ...passage, content: draft.content }]).map((c) => c.text))];
}

/**
 * Characters of a chunk for each sentence vector stored at most. Speech has a candidate sentence every 60 to 120
 * characters (QMSum's meetings 60, the advisor sets 118; 99% of QMSum's are kept), so nearly every one is stored; a
 * text of tiny sentences ("A1. A2. …") would otherwise store 2 KB of vector for every few characters of an upload,
 * and take the encoder as long. At most 2 KB per 40 characters: a 10 MB transcript stores 500 MB of them at worst.
 */
export const CHARACTERS_PER_STORED_SENTENCE = 40;

/**
 * The sentences of a chunk whose vectors indexing stores: every candidate sentence, or when there are more than one
 * per CHARACTERS_PER_STORED_SENTENCE of the chunk, the longest of them (a short sentence is marked down in ranking and
 * the least often scored by meaning; one that is gets encoded for its question, as before).
 */
export function sentencesToStore(draft: DraftChunk): string[] {
  const texts = candidateSentenceTexts(draft);
  const most = Math.ceil(draft.content.length / CHARACTERS_PER_STORED_SENTENCE);
  if (texts.length <= most) return texts;
  return [...texts].sort((a, b) => b.length - a.length).slice(0, most);
}
