// Search chunks that follow speaker turns: whole consecutive turns are grouped up to a target size, and only a
// turn longer than a chunk is cut (by the LangChain recursive splitter, at paragraph/sentence/word boundaries).

import type { TranscriptSegment } from "../types";

/** A LangChain recursive splitter; the package (and LangChain's core) load at the first text cut, not with the server. */
async function recursiveSplitter(options: { chunkSize: number; chunkOverlap: number }) {
  const { RecursiveCharacterTextSplitter } = await import("@langchain/textsplitters");
  return new RecursiveCharacterTextSplitter(options);
}

export interface TranscriptChunk {
  content: string;
  startSeconds: number | null;
  endSeconds: number | null;
  speakers: string[];
  /** Indexes of the first and last segment (in the input array) that the chunk draws on. */
  segmentIndexes: [number, number];
}

export interface ChunkOptions {
  /** Most characters in one chunk (default 800). */
  chunkSize?: number;
  /** Characters repeated from the previous chunk (default 100). A whole last turn is carried when it is short. */
  chunkOverlap?: number;
}

export const DEFAULT_CHUNK_SIZE = 800;
export const DEFAULT_CHUNK_OVERLAP = 100;
/** Characters of one turn given to the splitter at a time: about 25 minutes of one person talking. */
const SECTION_CHARS = 20_000;

interface Turn {
  index: number;
  segment: TranscriptSegment;
  line: string;
}

export async function chunkTranscript(
  segments: TranscriptSegment[],
  options: ChunkOptions = {},
): Promise<TranscriptChunk[]> {
  const { chunkSize, chunkOverlap } = resolveOptions(options);
  const chunks: TranscriptChunk[] = [];
  let group: Turn[] = [];
  let groupLength = 0;
  let carried: Turn | null = null; // overlap turn (whole or tail) that opens the next group

  const flush = () => {
    if (group.length === 0) return;
    chunks.push(buildChunk(group));
    const last = group.at(-1);
    carried = last ? makeOverlap(last, chunkOverlap) : null;
    group = [];
    groupLength = 0;
  };

  for (const [index, segment] of segments.entries()) {
    const text = segment.text.replace(/\s+/g, " ").trim();
    if (!text) continue;
    const turn: Turn = { index, segment, line: formatLine(segment.speaker, text) };
    if (turn.line.length > chunkSize) {
      flush();
      chunks.push(...(await splitLongTurn(turn, text, chunkSize, chunkOverlap)));
      carried = null;
      continue;
    }
    if (group.length > 0 && groupLength + 1 + turn.line.length > chunkSize) flush();
    if (group.length === 0 && carried) {
      const overlap: Turn = carried;
      carried = null;
      if (overlap.line.length + 1 + turn.line.length <= chunkSize) {
        group.push(overlap);
        groupLength = overlap.line.length;
      }
    }
    group.push(turn);
    groupLength += (group.length > 1 ? 1 : 0) + turn.line.length;
  }
  flush();
  return chunks;
}

/** Plain text (summaries, notes) in chunks of at most chunkSize characters. */
export async function chunkPlainText(text: string, options: ChunkOptions = {}): Promise<string[]> {
  const { chunkSize, chunkOverlap } = resolveOptions(options);
  const clean = text.replace(/\r\n?/g, "\n").trim();
  if (!clean) return [];
  const splitter = await recursiveSplitter({ chunkSize, chunkOverlap });
  const pieces = await splitter.splitText(clean);
  return pieces.map((piece) => piece.trim()).filter((piece) => piece.length > 0);
}

function resolveOptions(options: ChunkOptions): Required<ChunkOptions> {
  const chunkSize = Math.max(50, Math.floor(options.chunkSize ?? DEFAULT_CHUNK_SIZE));
  // The splitter rejects overlap >= size; half a chunk is already generous.
  const chunkOverlap = Math.min(Math.max(0, Math.floor(options.chunkOverlap ?? DEFAULT_CHUNK_OVERLAP)), chunkSize / 2);
  return { chunkSize, chunkOverlap };
}

function formatLine(speaker: string | null, text: string): string {
  return speaker ? `${speaker}: ${text}` : text;
}

function buildChunk(turns: Turn[]): TranscriptChunk {
  const first = turns[0];
  const last = turns.at(-1);
  const speakers = [...new Set(turns.map((t) => t.segment.speaker).filter((s): s is string => s !== null))];
  const starts = turns.map((t) => t.segment.start).filter((s): s is number => s !== null);
  const ends = turns.map((t) => t.segment.end ?? t.segment.start).filter((s): s is number => s !== null);
  return {
    content: turns.map((t) => t.line).join("\n"),
    startSeconds: starts.length > 0 ? Math.min(...starts) : null,
    endSeconds: ends.length > 0 ? Math.max(...ends) : null,
    speakers,
    segmentIndexes: [first?.index ?? 0, last?.index ?? 0],
  };
}

// A short last turn is repeated whole (questions and answers keep their context); a long one only by its tail.
function makeOverlap(turn: Turn, overlap: number): Turn | null {
  if (overlap <= 0) return null;
  if (turn.line.length <= overlap * 2) return turn;
  const text = turn.segment.text.replace(/\s+/g, " ").trim();
  const cut = text.indexOf(" ", text.length - overlap);
  if (cut < 0) return null;
  return { ...turn, line: formatLine(turn.segment.speaker, `…${text.slice(cut + 1)}`) };
}

async function splitLongTurn(turn: Turn, text: string, chunkSize: number, overlap: number): Promise<TranscriptChunk[]> {
  const prefix = turn.segment.speaker ? `${turn.segment.speaker}: ` : "";
  // A speaker name longer than the chunk would leave no room; fall back to a bare cut.
  const room = Math.max(20, chunkSize - prefix.length);
  const splitter = await recursiveSplitter({ chunkSize: room, chunkOverlap: Math.min(overlap, room / 2) });
  const pieces: string[] = [];
  for (const section of cutIntoSections(text, SECTION_CHARS)) {
    for (const piece of await splitter.splitText(section)) if (piece.trim()) pieces.push(piece.trim());
  }
  const { start, end } = turn.segment;
  let cursor = 0;
  return pieces.map((piece) => {
    // Times inside a turn are unknown; estimate them from the character position.
    const at = Math.max(0, text.indexOf(piece, Math.max(0, cursor - overlap)));
    cursor = at + piece.length;
    return {
      content: `${prefix}${piece}`,
      startSeconds: interpolate(start, end, at / text.length),
      endSeconds: interpolate(start, end, Math.min(1, cursor / text.length)),
      speakers: turn.segment.speaker ? [turn.segment.speaker] : [],
      segmentIndexes: [turn.index, turn.index] as [number, number],
    };
  });
}

/**
 * A turn longer than any spoken turn (a pasted document, a .txt without line breaks) goes to the splitter in sections
 * of at most `size` characters, cut at a sentence end or else a space: the splitter holds every word of its input at
 * once, so a 10 MB turn cost time and memory out of proportion. A real turn is far shorter and stays whole.
 */
function cutIntoSections(text: string, size: number): string[] {
  const sections: string[] = [];
  let start = 0;
  while (text.length - start > size) {
    let cut = text.lastIndexOf(". ", start + size);
    if (cut <= start + size / 2) cut = text.lastIndexOf(" ", start + size);
    const end = cut > start + size / 2 ? cut + 1 : start + size;
    sections.push(text.slice(start, end));
    start = end;
  }
  sections.push(text.slice(start));
  return sections;
}

function interpolate(start: number | null, end: number | null, fraction: number): number | null {
  if (start === null) return end;
  if (end === null) return start;
  return Math.round((start + (end - start) * fraction) * 1000) / 1000;
}
