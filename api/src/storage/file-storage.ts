/**
 * Where recordings live: the data folder (./local-storage.ts) or an S3-compatible bucket (./s3-storage.ts), chosen by
 * configuration (./create-storage.ts). Keys are what the database stores (`<uuid>.<ext>`), the same on both, so a data
 * folder moved into a bucket (./move-to-s3.ts) needs no change in the database. Nothing outside storage sees a stored
 * file's path: ffmpeg and the transcript parser get a local copy for as long as they read it (`withLocalCopy`), which
 * on the data folder is the file itself. A bucket that cannot be reached throws StorageUnavailableError (503).
 */
export interface FileStorage {
  readonly kind: "local" | "s3";
  /**
   * Opens a new file under a generated key. `copyDir` is where a remote store keeps a local copy of what is written
   * (for the upload's content check), handed back by `finish`.
   */
  create(extension: string, options: { copyDir: string }): Promise<StoredFileWriter>;
  /**
   * Takes a complete file from this machine's data folder into storage under `key` (from newKey; a finished resumable
   * upload records it first, so a process that dies after the move still finds the file): a rename on the data
   * folder, a streamed multipart upload to a bucket. The answer is the file, readable until released.
   */
  importFile(path: string, key: string): Promise<LocalCopy>;
  /** Bytes stored under the key, or undefined when there is no such file. */
  size(key: string): Promise<number | undefined>;
  /** The file's bytes from `start` up to `end` (exclusive); the whole file without a range. */
  read(key: string, range?: { start: number; end: number }): Blob | ReadableStream<Uint8Array>;
  /**
   * Runs `use` with a path on this machine holding the file: the stored file itself on the data folder, a download into
   * `dir` on a bucket, removed when `use` is done (or fails).
   */
  withLocalCopy<T>(key: string, dir: string, use: (path: string) => Promise<T>): Promise<T>;
  /** Removes the file; a missing file is no error. */
  remove(key: string): Promise<void>;
  /** Every stored file with its last write, for the sweep of uploads cut off by a crash. */
  list(): Promise<{ key: string; modifiedAt: Date }[]>;
}

export interface StoredFileWriter {
  key: string;
  write(chunk: Uint8Array): Promise<void>;
  /** Makes the file durable (fsync, or the multipart upload completed): after this it survives a crash. */
  finish(): Promise<LocalCopy>;
  /** Stops and deletes what was written. */
  discard(): Promise<void>;
}

/** A file on this machine with the stored bytes; `release` removes it where it is a copy. */
export interface LocalCopy {
  path: string;
  release(): Promise<void>;
}

/** `<uuid>.<ext>`: every key storage makes, and the only names list() reports. */
export const SAFE_KEY = /^[0-9a-f-]{36}\.[a-z0-9]{1,5}$/;

export const safeExtension = (extension: string) => (/^[a-z0-9]{1,5}$/.test(extension) ? extension : "bin");

export function newKey(extension: string): string {
  return `${crypto.randomUUID()}.${safeExtension(extension)}`;
}

export function checkKey(key: string): string {
  if (!SAFE_KEY.test(key)) throw new Error(`invalid storage key ${key}`);
  return key;
}
