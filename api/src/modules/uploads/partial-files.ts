import { randomBytes } from "node:crypto";
import { close as closeCallback, fsync as fsyncCallback, mkdirSync, open as openCallback } from "node:fs";
import { readdir, rm, stat, truncate } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { readOrCreateOnce } from "../../storage/create-once";

// Resumable uploads grow here, in the data folder beside `recordings/`, until complete; then the file moves into
// storage (a rename). Not in `recordings/`: the start-up sweep there removes every file no meeting names.

const openFile = promisify(openCallback) as (path: string, flags: string, mode: number) => Promise<number>;
const fsyncFile = promisify(fsyncCallback);
const closeFile = promisify(closeCallback);

const SAFE_ID = /^[0-9a-f]{32}$/;
const SINK_BUFFER_BYTES = 1024 * 1024;

export interface PartialFiles {
  /**
   * Names this data folder (kept in it): an upload records where its bytes grow, so a request that reaches a server
   * with another data folder (several hosts without a shared one) is told so instead of starting the upload over.
   */
  folderId: string;
  pathOf(id: string): string;
  /** Where a complete browser recording is copied with its duration (finish-upload.ts); goes with the upload. */
  remuxPathOf(id: string): string;
  /** Opens the partial file for appending at `offset`: bytes past it (a write cut off before it was counted) go. */
  openAt(id: string, offset: number): Promise<PartialWriter>;
  /** Bytes on disk, or undefined when there is no file. */
  sizeOf(id: string): Promise<number | undefined>;
  /** The first `bytes` of the file (to recognise its kind). */
  readHead(id: string, bytes: number): Promise<Uint8Array>;
  remove(id: string): Promise<void>;
  /** Every partial file with its last write. */
  list(): Promise<{ id: string; modifiedAt: Date }[]>;
}

export interface PartialWriter {
  write(chunk: Uint8Array): Promise<void>;
  /** Flushes to disk (fsync) and closes: the bytes written count from now on. */
  finish(): Promise<void>;
}

export function createPartialFiles(dataDir: string): PartialFiles {
  const dir = join(dataDir, "partial-uploads");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const folderId = readOrCreateOnce(join(dir, "folder-id"), () => randomBytes(12).toString("hex"));
  const pathOf = (id: string) => {
    if (!SAFE_ID.test(id)) throw new Error(`invalid upload id ${id}`);
    return join(dir, `${id}.part`);
  };
  return {
    folderId,
    pathOf,
    remuxPathOf: (id) => `${pathOf(id)}.webm`,
    async openAt(id, offset) {
      const path = pathOf(id);
      const fd = await openFile(path, "a", 0o600);
      await truncate(path, offset).catch(() => {});
      // Bun's FileSink buffers and writes natively (see storage/file-storage.ts for the figures).
      const sink = Bun.file(fd).writer({ highWaterMark: SINK_BUFFER_BYTES });
      let closed = false;
      return {
        async write(chunk) {
          const written: unknown = sink.write(chunk);
          if (written instanceof Promise) await written;
          await sink.flush();
        },
        async finish() {
          if (closed) return;
          closed = true;
          try {
            await sink.flush();
            await fsyncFile(fd);
            await sink.end();
          } finally {
            await closeFile(fd).catch(() => {});
          }
        },
      };
    },
    async sizeOf(id) {
      const info = await stat(pathOf(id)).catch(() => undefined);
      return info?.size;
    },
    async readHead(id, bytes) {
      return new Uint8Array(await Bun.file(pathOf(id)).slice(0, bytes).arrayBuffer());
    },
    async remove(id) {
      await rm(pathOf(id), { force: true });
      await rm(`${pathOf(id)}.webm`, { force: true });
    },
    async list() {
      const files: { id: string; modifiedAt: Date }[] = [];
      for (const name of await readdir(dir)) {
        const id = name.replace(/\.part$/, "");
        if (!name.endsWith(".part") || !SAFE_ID.test(id)) continue;
        const info = await stat(join(dir, name)).catch(() => undefined);
        if (info?.isFile()) files.push({ id, modifiedAt: info.mtime });
      }
      return files;
    },
  };
}
