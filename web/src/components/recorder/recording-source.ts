import type { ChunkStore, StoredChunk } from "./chunk-store";

/**
 * tus-js-client's file reader over a recording kept in IndexedDB. A slice waits until there are bytes past its start
 * (the recorder is still writing) and answers with what there is, up to its end; it is `done` once the recording has
 * stopped and the slice reaches its last byte, which makes tus-js-client send the final `Upload-Length`.
 */

/** Wakes the sources waiting for a recording's next chunk (this tab's recorder calls it after each write). */
export class RecordingFeed {
  private waiters = new Map<string, Set<() => void>>();

  notify(id: string): void {
    const waiting = this.waiters.get(id);
    if (!waiting) return;
    this.waiters.delete(id);
    for (const wake of waiting) wake();
  }

  /** Resolves at the next notify for the recording, or after `ms` (another tab may be the one writing). */
  wait(id: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const set = this.waiters.get(id) ?? new Set();
      const wake = () => {
        clearTimeout(timer);
        set.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      set.add(wake);
      this.waiters.set(id, set);
    });
  }
}

export const recordingFeed = new RecordingFeed();

/** The bytes [start, end) out of chunks that cover them; null when the first needed byte is no longer kept. */
export function bytesBetween(chunks: StoredChunk[], start: number, end: number): Blob | null {
  const parts: ArrayBuffer[] = [];
  let covered = start;
  for (const chunk of chunks) {
    const chunkEnd = chunk.start + chunk.bytes.byteLength;
    if (chunkEnd <= covered || chunk.start >= end) continue;
    if (chunk.start > covered) return null;
    parts.push(chunk.bytes.slice(covered - chunk.start, Math.min(end, chunkEnd) - chunk.start));
    covered = Math.min(end, chunkEnd);
  }
  return new Blob(parts);
}

export class LostBytesError extends Error {
  constructor(offset: number) {
    super(`the recording's bytes from ${offset} are no longer on this device`);
    this.name = "LostBytesError";
  }
}

interface SourceOptions {
  store: ChunkStore;
  recordingId: string;
  feed?: RecordingFeed;
  /** How long a slice waits for new audio before looking at the store again. */
  pollMs?: number;
  /**
   * True once the upload reading it was stopped: a slice still waiting then fails instead of handing tus-js-client
   * bytes to send (its abort() does not stop a slice in progress, and the PATCH would go after the stop).
   */
  stopped?: () => boolean;
}

export class ReaderStoppedError extends Error {
  constructor() {
    super("the upload reading this recording was stopped");
    this.name = "ReaderStoppedError";
  }
}

export function recordingFileReader({
  store,
  recordingId,
  feed = recordingFeed,
  pollMs = 1000,
  stopped: readerStopped = () => false,
}: SourceOptions) {
  return {
    openFile: async () => {
      let closed = false;
      return {
        // Deferred length: tus-js-client does not read the size of a source whose length is sent at the end.
        size: 0,
        close: () => {
          closed = true;
        },
        slice: async (start: number, end: number): Promise<{ value: Blob | null; done: boolean }> => {
          for (;;) {
            if (readerStopped()) throw new ReaderStoppedError();
            const recording = await store.getRecording(recordingId);
            if (!recording) throw new Error(`recording ${recordingId} is not stored`);
            const stopped = recording.state === "stopped";
            if (recording.totalBytes > start || stopped || closed) {
              const last = Math.min(end, recording.totalBytes);
              const value =
                last > start
                  ? bytesBetween(await store.readRange(recordingId, start, last), start, last)
                  : new Blob([]);
              if (!value) throw new LostBytesError(start);
              if (readerStopped()) throw new ReaderStoppedError();
              return { value, done: stopped && last === recording.totalBytes };
            }
            await feed.wait(recordingId, pollMs);
          }
        },
      };
    },
  };
}
