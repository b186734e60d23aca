import type { ChunkStore, StoredRecording } from "./chunk-store";
import { type RecordingFeed, recordingFeed } from "./recording-source";

/**
 * The writing side of one recording: keeps its row, then each chunk in order (a chunk's write waits for the one
 * before), and marks it stopped once the last chunk is kept. Each write wakes the upload waiting for it.
 */
export class RecordingSession {
  private seq = 0;
  private queue: Promise<unknown> = Promise.resolve();
  /** The first write that failed (storage full, IndexedDB gone): shown, and later chunks are not written. */
  failure: Error | null = null;
  /** Bytes kept so far. */
  totalBytes = 0;

  private constructor(
    private readonly store: ChunkStore,
    readonly id: string,
    private readonly feed: RecordingFeed,
  ) {}

  static async begin(
    store: ChunkStore,
    recording: Omit<StoredRecording, "uploadUrl" | "state" | "totalBytes" | "ackedBytes" | "durationMs" | "createdAt">,
    feed: RecordingFeed = recordingFeed,
  ): Promise<RecordingSession> {
    await store.putRecording({
      ...recording,
      uploadUrl: null,
      state: "recording",
      totalBytes: 0,
      ackedBytes: 0,
      durationMs: 0,
      createdAt: new Date().toISOString(),
    });
    return new RecordingSession(store, recording.id, feed);
  }

  /** Queues one chunk (MediaRecorder's dataavailable); `durationMs` is the audio captured up to its end. */
  write(chunk: Blob, durationMs: number): Promise<unknown> {
    const seq = this.seq++;
    this.queue = this.queue.then(async () => {
      if (this.failure || chunk.size === 0) return;
      try {
        this.totalBytes = await this.store.appendChunk(this.id, seq, await chunk.arrayBuffer(), durationMs);
        this.feed.notify(this.id);
      } catch (error) {
        this.failure = error as Error;
      }
    });
    return this.queue;
  }

  /** After the last chunk: the length is final, and the upload may send it. */
  async finish(durationMs: number): Promise<void> {
    await this.queue;
    await this.store.updateRecording(this.id, () => ({ state: "stopped", durationMs }));
    this.feed.notify(this.id);
  }
}
