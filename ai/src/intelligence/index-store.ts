// What indexing reads and writes, as `ai` needs it: `db` implements it (db/src/stores/index-store.ts), so the
// indexer never reaches the database itself.
import type { ChunkSource } from "../search/answer-store";
import type { StoredSummary } from "../types";

export interface NewChunk {
  source: ChunkSource;
  content: string;
  metadata: Record<string, unknown>;
  embedding: number[];
  /** Vectors of the chunk's short windows, when the embedder reads only short texts. */
  windows?: number[][];
  /** Vectors of the chunk's candidate sentences by their text's digest (sentence-vectors.ts), with windows. */
  sentences?: { digest: Uint8Array; vector: number[] }[];
}

export interface ChunkReplacementTarget {
  userId: number;
  meetingId: number;
  clientId: number;
  sources: ChunkSource[];
  model: string;
}

/** One new set of a meeting's chunks, written in parts, then swapped in by finish(). */
export interface ChunkReplacement {
  readonly model: string;
  /** A run that stopped part-way is resumed by passing its generation to startChunkReplacement again. */
  readonly generation: number;
  /** False when the meeting is gone (deleted meanwhile), and nothing more is written. */
  write(chunks: NewChunk[]): Promise<boolean>;
  finish(): Promise<void>;
}

export interface IndexStore {
  /** The meeting to index with its owner and client; undefined when it is gone. */
  meetingToIndex(
    meetingId: number,
  ): Promise<{ userId: number; clientId: number; clientName: string; title: string; date: Date } | undefined>;
  /** Every transcript segment of the meeting, in order (unchecked rows). */
  allSegments(meetingId: number): Promise<unknown[]>;
  summary(meetingId: number): Promise<StoredSummary | null>;
  note(userId: number, meetingId: number): Promise<{ content: string } | undefined>;
  startChunkReplacement(target: ChunkReplacementTarget, generation?: number): Promise<ChunkReplacement>;
  /** Meetings holding chunks another model than `model` embedded. */
  meetingsWithStaleEmbeddings(model: string): Promise<number[]>;
}
