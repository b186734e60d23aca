import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { open, rm } from "node:fs/promises";
import { join } from "node:path";

/** Where recordings live. Local disk now; an S3-compatible store can implement the same interface. */
export interface FileStorage {
  /** Opens a new file under a generated name; the key is what the database stores. */
  create(extension: string): Promise<StoredFileWriter>;
  /** A local path for reading (ffmpeg needs one). */
  localPath(key: string): string;
  remove(key: string): Promise<void>;
}

export interface StoredFileWriter {
  key: string;
  write(chunk: Uint8Array): Promise<void>;
  /** Flushes to disk (fsync) and closes: after this the recording survives a crash. */
  finish(): Promise<void>;
  /** Closes and deletes the partial file. */
  discard(): Promise<void>;
}

const SAFE_KEY = /^[0-9a-f-]{36}\.[a-z0-9]{1,5}$/;

export function createLocalStorage(dataDir: string): FileStorage {
  const dir = join(dataDir, "recordings");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const pathOf = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`invalid storage key ${key}`);
    return join(dir, key);
  };
  return {
    async create(extension) {
      const ext = /^[a-z0-9]{1,5}$/.test(extension) ? extension : "bin";
      const key = `${randomUUID()}.${ext}`;
      const handle = await open(pathOf(key), "wx", 0o600);
      let closed = false;
      const close = async () => {
        if (!closed) {
          closed = true;
          await handle.close();
        }
      };
      return {
        key,
        async write(chunk) {
          let offset = 0;
          while (offset < chunk.length) {
            const { bytesWritten } = await handle.write(chunk, offset, chunk.length - offset);
            offset += bytesWritten;
          }
        },
        async finish() {
          await handle.sync();
          await close();
        },
        async discard() {
          await close().catch(() => {});
          await rm(pathOf(key), { force: true });
        },
      };
    },
    localPath: pathOf,
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
