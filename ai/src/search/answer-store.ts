// What the answer path reads, as `ai` needs it: `db` implements it (db/src/stores/answer-store.ts) and `api` hands it
// in, so no file of ai/src reaches the database itself. Every read is scoped to the asking user inside the store's
// SQL except segmentSpans, whose meeting ids come from the user's own hits and facts.
import type { StoredSummary, SummaryFact } from "../types";

export type ChunkSource = "transcript" | "summary" | "note";

interface MeetingHeader {
  id: number;
  title: string;
  type: string;
  date: Date;
  clientId: number;
  clientName: string;
}

/** A meeting with its summary (null before one is written), the facts Meeting Intelligence answers from. */
export interface MeetingFact extends MeetingHeader {
  summary: StoredSummary | null;
}

/** A meeting on the calendar, not yet held: "when is my next meeting with…" answers from these first. */
export interface PlannedMeetingFact extends MeetingHeader {
  /** False when only the day was set. */
  timeKnown: boolean;
}

export interface FactFilters {
  clientIds?: number[];
  meetingIds?: number[];
  from?: Date;
  to?: Date;
  /** Words that must appear in the title or type (any of them). */
  titleWords?: string[];
  /** Only meetings that took place (not planned ones), whatever their date. */
  held?: boolean;
  limit?: number;
  offset?: number;
}

/** A client met in a period, with how often and when last. */
export interface ClientVisit {
  clientId: number;
  clientName: string;
  meetings: number;
  lastDate: Date;
  lastMeetingId: number;
  lastTitle: string;
}

export interface ChunkHit {
  id: number;
  meetingId: number;
  clientId: number | null;
  source: ChunkSource;
  content: string;
  metadata: Record<string, unknown>;
  rank: number;
  score: number;
  /** Each window's cosine similarity to the question, by position (chunks scored by their windows only). */
  windowSimilarities?: number[];
}

export type SearchFilters = Pick<FactFilters, "meetingIds" | "clientIds" | "from" | "to">;

/** The reads of the answer path: meetings and clients, chunks by vector and by words, transcript moments. */
export interface AnswerStore {
  meetingFacts(userId: number, filters?: FactFilters): Promise<MeetingFact[]>;
  plannedMeetings(
    userId: number,
    options: { clientIds?: number[]; from: Date; limit?: number },
  ): Promise<PlannedMeetingFact[]>;
  clientsMet(userId: number, from: Date, to: Date): Promise<ClientVisit[]>;
  clientNames(userId: number): Promise<{ id: number; name: string; type: string }[]>;
  /** The speakers of each client's meetings, each once, with the meetings they speak in. */
  clientSpeakers(userId: number): Promise<{ clientId: number; speaker: string; meetingIds: number[] }[]>;
  /** The figures of the given meetings' records of facts (what each measures, its value, its moment). */
  recordFigures(
    userId: number,
    meetingIds: readonly number[],
  ): Promise<{ meetingId: number; figures: SummaryFact[] }[]>;
  /** The transcript segments of the given [first, last] spans, by position (a missing one reads as empty). */
  segmentSpans(meetingId: number, spans: [number, number][]): Promise<{ start: number | null; text: string }[]>;
  chunksByVector(search: {
    userId: number;
    embedding: number[];
    limit: number;
    filters?: SearchFilters;
    model: string;
  }): Promise<ChunkHit[]>;
  /** `rareOnly`: nothing when every term is in more chunks than the search ranks (a common word searched alone). */
  chunksByText(search: {
    userId: number;
    query: string;
    limit: number;
    filters?: SearchFilters;
    rareOnly?: boolean;
  }): Promise<ChunkHit[]>;
  /** Each candidate chunk's nearest window and every window's similarity; chunks without windows left out. */
  chunkWindowScores(scoring: {
    userId: number;
    chunkIds: number[];
    embedding: number[];
    model: string;
  }): Promise<{ id: number; score: number; windows: number[] }[]>;
  /** The vectors stored at indexing for these sentences (by their digests, in hex), among the user's chunks of the model. */
  sentenceVectors(lookup: { userId: number; digests: string[]; model: string }): Promise<Map<string, number[]>>;
}
