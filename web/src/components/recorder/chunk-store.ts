/**
 * Recordings kept on this device (IndexedDB) until the server has every byte: one row per recording (what to send
 * and where) and its audio chunks in order. A chunk is removed only once the server acknowledged its bytes.
 */

export type RecordingState = "recording" | "stopped";

export interface StoredRecording {
  id: string;
  /** Shown while it waits ("Review with Dana Reyes"). */
  title: string;
  /** The tus metadata: filename, filetype, meetingData (JSON text). */
  metadata: Record<string, string>;
  /** Set once the server created the upload (tus `Location`); resuming asks it for the offset. */
  uploadUrl: string | null;
  /** "recording" while a tab captures it (or it was cut off by a reload or a crash); "stopped" once its length is final. */
  state: RecordingState;
  /** Bytes captured so far (all chunks, sent or not). */
  totalBytes: number;
  /** Bytes the server acknowledged (its `Upload-Offset`). */
  ackedBytes: number;
  /** Milliseconds of audio captured so far. */
  durationMs: number;
  createdAt: string;
  /** The server refused it for good (its message): kept for the advisor to read and discard, not sent again. */
  refusal?: string;
}

export interface StoredChunk {
  recordingId: string;
  /** Order of capture, from 0. */
  seq: number;
  /** Byte offset of the chunk's first byte in the whole recording. */
  start: number;
  bytes: ArrayBuffer;
}

const DB_NAME = "clearminute-recordings";
const RECORDINGS = "recordings";
const CHUNKS = "chunks";

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error("IndexedDB transaction aborted"));
  });
}

export class ChunkStore {
  private constructor(private readonly db: IDBDatabase) {}

  static async open(factory: IDBFactory = indexedDB, name = DB_NAME): Promise<ChunkStore> {
    const req = factory.open(name, 1);
    req.onupgradeneeded = () => {
      const db = req.result;
      db.createObjectStore(RECORDINGS, { keyPath: "id" });
      db.createObjectStore(CHUNKS, { keyPath: ["recordingId", "seq"] });
    };
    return new ChunkStore(await request(req));
  }

  close(): void {
    this.db.close();
  }

  async putRecording(recording: StoredRecording): Promise<void> {
    const tx = this.db.transaction(RECORDINGS, "readwrite");
    tx.objectStore(RECORDINGS).put(recording);
    await done(tx);
  }

  async getRecording(id: string): Promise<StoredRecording | undefined> {
    return request(this.db.transaction(RECORDINGS).objectStore(RECORDINGS).get(id));
  }

  async listRecordings(): Promise<StoredRecording[]> {
    const all = await request(this.db.transaction(RECORDINGS).objectStore(RECORDINGS).getAll());
    return (all as StoredRecording[]).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  /** Changes some fields of a recording in one transaction (read and write), so two writers do not undo each other. */
  async updateRecording(id: string, change: (current: StoredRecording) => Partial<StoredRecording>): Promise<void> {
    const tx = this.db.transaction(RECORDINGS, "readwrite");
    const store = tx.objectStore(RECORDINGS);
    const current = (await request(store.get(id))) as StoredRecording | undefined;
    if (current) store.put({ ...current, ...change(current) });
    await done(tx);
  }

  /**
   * Keeps the next chunk and counts it in the recording, in one transaction: after a crash either both are there or
   * neither. Returns the recording's new total.
   */
  async appendChunk(id: string, seq: number, bytes: ArrayBuffer, durationMs: number): Promise<number> {
    const tx = this.db.transaction([RECORDINGS, CHUNKS], "readwrite");
    const recordings = tx.objectStore(RECORDINGS);
    const current = (await request(recordings.get(id))) as StoredRecording | undefined;
    if (!current) {
      tx.abort();
      throw new Error(`recording ${id} is not stored`);
    }
    const start = current.totalBytes;
    tx.objectStore(CHUNKS).put({ recordingId: id, seq, start, bytes } satisfies StoredChunk);
    recordings.put({ ...current, totalBytes: start + bytes.byteLength, durationMs });
    await done(tx);
    return start + bytes.byteLength;
  }

  /** The recording's chunks still kept, in order. */
  async readChunks(id: string): Promise<StoredChunk[]> {
    const range = IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]);
    return (await request(this.db.transaction(CHUNKS).objectStore(CHUNKS).getAll(range))) as StoredChunk[];
  }

  /**
   * The kept chunks holding bytes in [start, end), in order: a cursor that stops at the first chunk past `end`, so a
   * slice reads a few MB however much is waiting (chunks below the server's offset are already deleted).
   */
  readRange(id: string, start: number, end: number): Promise<StoredChunk[]> {
    return new Promise((resolve, reject) => {
      const found: StoredChunk[] = [];
      const range = IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]);
      const req = this.db.transaction(CHUNKS).objectStore(CHUNKS).openCursor(range);
      req.onerror = () => reject(req.error);
      req.onsuccess = () => {
        const cursor = req.result;
        if (!cursor) return resolve(found);
        const chunk = cursor.value as StoredChunk;
        if (chunk.start >= end) return resolve(found);
        if (chunk.start + chunk.bytes.byteLength > start) found.push(chunk);
        cursor.continue();
      };
    });
  }

  /** Records the server's offset and removes every chunk whose bytes all lie below it. */
  async acknowledge(id: string, offset: number): Promise<void> {
    const tx = this.db.transaction([RECORDINGS, CHUNKS], "readwrite");
    const chunks = tx.objectStore(CHUNKS);
    const kept = (await request(
      chunks.getAll(IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER])),
    )) as StoredChunk[];
    for (const chunk of kept) {
      if (chunk.start + chunk.bytes.byteLength <= offset) chunks.delete([id, chunk.seq]);
    }
    const recordings = tx.objectStore(RECORDINGS);
    const current = (await request(recordings.get(id))) as StoredRecording | undefined;
    if (current && offset > current.ackedBytes) recordings.put({ ...current, ackedBytes: offset });
    await done(tx);
  }

  /** Forgets a recording and its chunks (the meeting exists on the server, or the advisor discarded it). */
  async deleteRecording(id: string): Promise<void> {
    const tx = this.db.transaction([RECORDINGS, CHUNKS], "readwrite");
    tx.objectStore(RECORDINGS).delete(id);
    tx.objectStore(CHUNKS).delete(IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]));
    await done(tx);
  }
}

let shared: Promise<ChunkStore> | null = null;

/** The browser's store, opened once per page. */
export function openChunkStore(): Promise<ChunkStore> {
  if (!shared) {
    shared = ChunkStore.open().catch((error) => {
      shared = null;
      throw error;
    });
  }
  return shared;
}
