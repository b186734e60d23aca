// Indexing for Meeting Intelligence: a meeting's transcript, summary and note cut into chunks, embedded and stored
// beside their full-text vectors. Takes the database and an embedder, nothing of the app; api runs it from jobs.
import type { Sql } from "@cm/db";
import { type NewChunk, replaceMeetingChunks } from "@cm/db/queries/chunks";
import { findTranscript } from "@cm/db/queries/meeting-content";
import { findMeetingForProcessing } from "@cm/db/queries/meetings";
import { findNote } from "@cm/db/queries/notes";
import { findSummary } from "@cm/db/queries/summaries";
import type { Embedder, TranscriptSegment } from "../types";
import {
  type DraftChunk,
  draftTextChunks,
  draftTranscriptChunks,
  type IndexedSource,
  summaryText,
} from "./draft-chunks";

export interface IntelligenceLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
}

/** What indexing and re-embedding need. */
export interface IntelligenceDeps {
  sql: Sql;
  embedder: Embedder;
  logger?: IntelligenceLogger;
}

export interface IndexingOptions {
  /** Which of the meeting's sources to (re)index; the others keep their chunks. Default: all three. */
  sources?: IndexedSource[];
  /** Characters per chunk (default DEFAULT_CHUNK_SIZE). */
  chunkSize?: number;
  /** Embed each chunk under the meeting's title, client and date (default true). */
  embedHeader?: boolean;
  signal?: AbortSignal;
}

const ALL_SOURCES: IndexedSource[] = ["transcript", "summary", "note"];
/** Texts per embedder call: bounds memory, and lets an abort land between calls. */
const EMBED_BATCH = 128;

/** Chunks, embeds and stores a meeting's content; returns the number of chunks written (0 for a missing meeting). */
export async function indexMeeting(
  deps: IntelligenceDeps,
  meetingId: number,
  options: IndexingOptions = {},
): Promise<number> {
  const sources = options.sources ?? ALL_SOURCES;
  const meeting = await findMeetingForProcessing(deps.sql, meetingId);
  if (!meeting) return 0;
  const date = meeting.date.toISOString();
  const base = { title: meeting.title, clientName: meeting.clientName, date };
  const drafts: DraftChunk[] = [];
  if (sources.includes("transcript")) {
    const transcript = await findTranscript(deps.sql, meetingId);
    const segments = (transcript?.segments ?? []) as TranscriptSegment[];
    drafts.push(...(await draftTranscriptChunks(segments, base, options.chunkSize)));
  }
  if (sources.includes("summary")) {
    const summary = await findSummary(deps.sql, meetingId);
    if (summary?.executiveSummary) drafts.push(...(await draftTextChunks("summary", summaryText(summary), base)));
  }
  if (sources.includes("note")) {
    const note = await findNote(deps.sql, meeting.userId, meetingId);
    drafts.push(...(await draftTextChunks("note", note?.content ?? "", base)));
  }
  // The meeting's title and client in front, so "the Hendricks trust" finds its passages.
  const header =
    options.embedHeader === false ? "" : `${meeting.title} — ${meeting.clientName} — ${date.slice(0, 10)}\n`;
  const vectors: number[][] = [];
  for (let i = 0; i < drafts.length; i += EMBED_BATCH) {
    const texts = drafts.slice(i, i + EMBED_BATCH).map((d) => `${header}${d.content}`);
    vectors.push(...(await deps.embedder.embed(texts, options.signal)));
  }
  const chunks: NewChunk[] = drafts.map((d, i) => ({ ...d, embedding: vectors[i]! }));
  // The model is read after embedding: the local embedder names the model that actually made the vectors.
  const model = deps.embedder.model;
  await replaceMeetingChunks(
    deps.sql,
    { userId: meeting.userId, meetingId, clientId: meeting.clientId, sources, model },
    chunks,
  );
  return chunks.length;
}

/** Indexes a meeting's note alone (after it was saved), leaving its transcript and summary chunks as they are. */
export function indexMeetingNote(deps: IntelligenceDeps, meetingId: number, signal?: AbortSignal): Promise<number> {
  return indexMeeting(deps, meetingId, { sources: ["note"], ...(signal ? { signal } : {}) });
}
