// Indexing for Meeting Intelligence: a meeting's transcript, summary and note cut into chunks, embedded and stored
// beside their full-text vectors. Takes the database and an embedder, nothing of the app; api runs it from jobs.
import type { ChunkSource } from "../search/answer-store";
import { StepClock } from "../step-clock";
import type { Embedder, TranscriptSegment } from "../types";
import { meanDirection, padTo } from "../vectors";
import { type DraftChunk, draftTextChunks, draftTranscriptChunks, summaryText } from "./draft-chunks";
import { splitIntoWindows, windowDimensionsOf } from "./embedding-windows";
import type { ChunkReplacement, ChunkReplacementTarget, IndexStore, NewChunk } from "./index-store";
import { sentenceDigest, sentencesToStore } from "./sentence-vectors";

export interface IntelligenceLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
}

/** What indexing and re-embedding need. */
export interface IntelligenceDeps {
  store: IndexStore;
  embedder: Embedder;
  logger?: IntelligenceLogger;
}

export interface IndexingOptions {
  /** Which of the meeting's sources to (re)index; the others keep their chunks. Default: all three. */
  sources?: ChunkSource[];
  /** Characters per chunk (default DEFAULT_CHUNK_SIZE). */
  chunkSize?: number;
  /** Embed each chunk under the meeting's title, client and date (default true). */
  embedHeader?: boolean;
  signal?: AbortSignal;
  /** Where an earlier run of the same indexing stopped (its last onSlice): chunks written then are not made again. */
  resume?: IndexProgress;
  /** Called after each slice of chunks is stored: a job checkpoints here, and may make way for another account. */
  onSlice?: (progress: IndexProgress) => Promise<void>;
}

/** How far a meeting's indexing got: the replacement's generation, the chunks it wrote, with which model. */
export interface IndexProgress {
  generation: number;
  written: number;
  model: string;
}

export function isIndexProgress(value: unknown): value is IndexProgress {
  const v = value as Partial<IndexProgress> | null;
  return (
    typeof v === "object" &&
    v !== null &&
    Number.isSafeInteger(v.generation) &&
    Number.isSafeInteger(v.written) &&
    (v.written ?? -1) >= 0 &&
    typeof v.model === "string"
  );
}

const ALL_SOURCES: ChunkSource[] = ["transcript", "summary", "note"];
/** Texts per embedder call: bounds memory, and lets an abort land between calls. */
const EMBED_BATCH = 128;

/** Chunks, embeds and stores a meeting's content; returns the number of chunks written (0 for a missing meeting). */
export async function indexMeeting(
  deps: IntelligenceDeps,
  meetingId: number,
  options: IndexingOptions = {},
): Promise<number> {
  const sources = options.sources ?? ALL_SOURCES;
  const meeting = await deps.store.meetingToIndex(meetingId);
  if (!meeting) return 0;
  const date = meeting.date.toISOString();
  const clock = new StepClock();
  const draftsKey = `${meetingId}|${sources.join(",")}|${options.chunkSize ?? ""}`;
  // A job resumed after making way goes on with the chunks drafted before, when this process still holds them.
  const drafts =
    (options.resume && takeKeptDrafts(draftsKey)) ||
    (await draftChunks(deps, meetingId, meeting, sources, options, clock));
  // The meeting's title and client in front, so "the Hendricks trust" finds its passages.
  const header =
    options.embedHeader === false ? "" : `${meeting.title} — ${meeting.clientName} — ${date.slice(0, 10)}\n`;
  const target = { userId: meeting.userId, meetingId, clientId: meeting.clientId, sources };
  const onSlice = options.onSlice;
  await embedAndStore(deps, drafts, {
    header,
    target,
    signal: options.signal,
    clock,
    resume: options.resume,
    onSlice:
      onSlice &&
      (async (progress) => {
        // Kept while the job may make way at this slice, dropped when it goes on here.
        keepDrafts(draftsKey, drafts);
        await onSlice(progress);
        keptDrafts.delete(draftsKey);
      }),
  });
  if (drafts.length >= LOGGED_FROM_CHUNKS) {
    deps.logger?.info("meeting indexed", { meetingId, chunks: drafts.length, ...clock.fields() });
  }
  return drafts.length;
}

/** The chunks to write for the meeting's sources: drafting a 10 MB transcript's takes seconds of a core. */
async function draftChunks(
  deps: IntelligenceDeps,
  meetingId: number,
  meeting: { userId: number; title: string; clientName: string; date: Date },
  sources: ChunkSource[],
  options: IndexingOptions,
  clock: StepClock,
): Promise<DraftChunk[]> {
  const base = { title: meeting.title, clientName: meeting.clientName, date: meeting.date.toISOString() };
  const drafts: DraftChunk[] = [];
  if (sources.includes("transcript")) {
    // The segments alone (the whole text is not needed): a 10 MB transcript's text would be another 20 MB in memory.
    const segments = (await clock.time("read", () => deps.store.allSegments(meetingId))) as TranscriptSegment[];
    const transcriptDrafts = await clock.time("draft", () => draftTranscriptChunks(segments, base, options.chunkSize));
    // A loop, not push(...spread): a 10 MB transcript makes ~15,000 chunks, too many for one call's arguments.
    for (const draft of transcriptDrafts) drafts.push(draft);
  }
  if (sources.includes("summary")) {
    const summary = await deps.store.summary(meetingId);
    if (summary?.executiveSummary) drafts.push(...(await draftTextChunks("summary", summaryText(summary), base)));
  }
  if (sources.includes("note")) {
    const note = await deps.store.note(meeting.userId, meetingId);
    drafts.push(...(await draftTextChunks("note", note?.content ?? "", base)));
  }
  return drafts;
}

/**
 * Drafts of indexing runs that made way for another account, so that resuming in this process does not draft a long
 * meeting again (tens of MB for a 10 MB transcript: two are kept at most; another process drafts anew).
 */
const keptDrafts = new Map<string, DraftChunk[]>();
const KEPT_DRAFTS = 2;

function keepDrafts(key: string, drafts: DraftChunk[]) {
  keptDrafts.delete(key);
  keptDrafts.set(key, drafts);
  for (const oldest of keptDrafts.keys()) {
    if (keptDrafts.size <= KEPT_DRAFTS) break;
    keptDrafts.delete(oldest);
  }
}

function takeKeptDrafts(key: string): DraftChunk[] | undefined {
  const drafts = keptDrafts.get(key);
  keptDrafts.delete(key);
  return drafts;
}

/** Meetings of this many chunks or more log where their indexing spent its time (a long meeting's is minutes). */
const LOGGED_FROM_CHUNKS = 500;

/**
 * Chunks embedded and stored per group, one slice of a job's work: a long meeting's vectors are never all in memory at
 * once, and a group takes seconds (the sentence encoder embeds ~4 chunks a second on a loaded core, the embedded
 * database writes a chunk in ~20-100 ms), so a job checkpoints often enough to make way for another account.
 */
const STORE_GROUP = 32;

/**
 * Embeds the chunks group by group and writes each group in order. The model is read after embedding (the local
 * embedder names the model that actually made the vectors); should it change midway (the sentence encoder failed to
 * load and hashing took over), the chunks are made again from the start with the new model, and the replacement's
 * last step removes the rows of the abandoned run. While a group is written (the database's work, on its own thread
 * or server), the next group is embedded, unless the embedder runs on this thread and holds it for long (see
 * embedsWhileWriting): the two overlap instead of taking turns.
 */
async function embedAndStore(
  deps: IntelligenceDeps,
  drafts: DraftChunk[],
  run: {
    header: string;
    target: Omit<ChunkReplacementTarget, "model">;
    signal: AbortSignal | undefined;
    clock: StepClock;
    resume: IndexProgress | undefined;
    onSlice: ((progress: IndexProgress) => Promise<void>) | undefined;
  },
): Promise<void> {
  // A run that stopped part-way with the same model goes on in its generation after the chunks it wrote.
  const resumed =
    run.resume?.model === deps.embedder.model && run.resume.written <= drafts.length ? run.resume : undefined;
  const embedGroup = (from: number) =>
    settledLater(
      run.clock.time("embed", async () => {
        const group = drafts.slice(from, from + STORE_GROUP);
        return (
          (windowDimensionsOf(deps.embedder.model) &&
            (await embedByWindows(deps.embedder, group, run.header, run.signal))) ||
          (await embedWhole(deps.embedder, group, run.header, run.signal))
        );
      }),
    );
  for (let attempt = 0; attempt < 2; attempt++) {
    let replacement: ChunkReplacement | undefined =
      attempt === 0 && resumed
        ? await deps.store.startChunkReplacement({ ...run.target, model: deps.embedder.model }, resumed.generation)
        : undefined;
    let modelChanged = false;
    const first = attempt === 0 && resumed ? resumed.written : 0;
    let embedding = first < drafts.length ? embedGroup(first) : undefined;
    for (let i = first; i < drafts.length && !modelChanged; i += STORE_GROUP) {
      const chunks = await (embedding ?? embedGroup(i));
      embedding = undefined;
      replacement ??= await deps.store.startChunkReplacement({ ...run.target, model: deps.embedder.model });
      modelChanged = replacement.model !== deps.embedder.model;
      if (modelChanged) break;
      const current = replacement;
      const next = i + STORE_GROUP;
      // The write is sent first, so the database starts on it while this thread embeds the next group.
      const writing = run.clock.time("write", () => current.write(chunks));
      if (next < drafts.length && embedsWhileWriting(deps.embedder)) embedding = embedGroup(next);
      if (!(await writing)) return; // false: the meeting was deleted meanwhile
      if (next < drafts.length) {
        await run.onSlice?.({ generation: current.generation, written: next, model: current.model });
      }
    }
    if (!modelChanged) {
      replacement ??= await deps.store.startChunkReplacement({ ...run.target, model: deps.embedder.model });
      const current = replacement;
      await run.clock.time("finish", () => current.finish());
      return;
    }
  }
}

/**
 * Whether the next group may be embedded while one is written. Not for the sentence encoder run on this thread: each
 * of its model calls holds the thread for most of a second, so the write's statements would wait for it, be measured
 * slow and be cut down to single rows (db's statement sizing). A whole-chunk embedder (hashing: well under a
 * millisecond a chunk; a service: a network wait) leaves the thread free enough.
 */
function embedsWhileWriting(embedder: Embedder): boolean {
  return windowDimensionsOf(embedder.model) === undefined;
}

/** The promise, marked handled: an embedding started ahead and then not wanted (the run stopped) rejects unseen. */
function settledLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

/** Each chunk embedded as one text, under the meeting's header. */
async function embedWhole(
  embedder: Embedder,
  drafts: DraftChunk[],
  header: string,
  signal: AbortSignal | undefined,
): Promise<NewChunk[]> {
  const vectors = await embedInBatches(
    embedder,
    drafts.map((d) => `${header}${d.content}`),
    signal,
  );
  return drafts.map((d, i) => ({ ...d, embedding: vectors[i]! }));
}

/**
 * For an embedder that reads only short texts: each chunk's windows and candidate sentences embedded (a text repeated
 * by the chunks' overlap once), stored at the model's dimension; the chunk's own vector, which finds candidates, is the
 * direction of its windows' and the meeting header's vectors together. Undefined when the model changed while
 * embedding (the sentence encoder failed to load and hashing took over): the caller then embeds whole chunks.
 */
async function embedByWindows(
  embedder: Embedder,
  drafts: DraftChunk[],
  header: string,
  signal: AbortSignal | undefined,
): Promise<NewChunk[] | undefined> {
  const windows = drafts.map((d) => splitIntoWindows(d.content));
  const sentences = drafts.map(sentencesToStore);
  const texts = [...new Set([...windows.flat(), ...sentences.flat()])];
  if (header.trim()) texts.push(header.trim());
  const vectors = await embedInBatches(embedder, texts, signal);
  const dimensions = windowDimensionsOf(embedder.model);
  if (!dimensions) return undefined;
  const byText = new Map(texts.map((t, i) => [t, vectors[i]!.slice(0, dimensions)]));
  const headerVector = header.trim() ? byText.get(header.trim()) : undefined;
  return drafts.map((d, i) => {
    const own = windows[i]!.map((w) => byText.get(w)!);
    const direction = meanDirection(headerVector ? [...own, scaled(headerVector, HEADER_WEIGHT)] : own);
    const said = sentences[i]!.map((text) => ({ digest: sentenceDigest(text), vector: byText.get(text)! }));
    return { ...d, embedding: padTo(direction, embedder.dimensions), windows: own, sentences: said };
  });
}

/** How much the meeting header counts in a chunk's vector, against its windows' (each 1). */
const HEADER_WEIGHT = 0.5;

const scaled = (vector: number[], factor: number) => vector.map((v) => v * factor);

async function embedInBatches(embedder: Embedder, texts: string[], signal: AbortSignal | undefined) {
  const vectors: number[][] = [];
  for (let i = 0; i < texts.length; i += EMBED_BATCH) {
    vectors.push(...(await embedder.embed(texts.slice(i, i + EMBED_BATCH), signal)));
  }
  return vectors;
}
