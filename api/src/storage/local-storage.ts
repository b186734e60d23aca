import { mkdirSync } from "node:fs";
import { readdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { checkKey, type FileStorage, type LocalCopy, newKey, SAFE_KEY } from "./file-storage";
import { openLocalFileWriter } from "./local-file-writer";
import { StoredFileMissingError } from "./storage-errors";

/** The stored file is its own local copy: nothing to remove afterwards. */
const itself = (path: string): LocalCopy => ({ path, release: async () => {} });

/** Recordings in `DATA_DIR/recordings`, one file per key. */
export function createLocalStorage(dataDir: string): FileStorage {
  const dir = join(dataDir, "recordings");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const pathOf = (key: string) => join(dir, checkKey(key));
  return {
    kind: "local",
    async create(extension) {
      const key = newKey(extension);
      const file = await openLocalFileWriter(pathOf(key));
      return {
        key,
        write: (chunk) => file.write(chunk),
        async finish() {
          await file.finish(true);
          return itself(pathOf(key));
        },
        discard: () => file.discard(),
      };
    },
    async importFile(path, key) {
      // The partial uploads' folder is inside the data folder too: a rename, not a copy of up to 500 MB.
      await rename(path, pathOf(key));
      return itself(pathOf(key));
    },
    async size(key) {
      const info = await stat(pathOf(key)).catch(() => undefined);
      return info?.isFile() ? info.size : undefined;
    },
    read(key, range) {
      const file = Bun.file(pathOf(key));
      return range ? file.slice(range.start, range.end) : file;
    },
    async withLocalCopy(key, _dir, use) {
      if (!(await stat(pathOf(key)).catch(() => undefined))?.isFile()) throw new StoredFileMissingError(key);
      return use(pathOf(key));
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async list() {
      const files: { key: string; modifiedAt: Date }[] = [];
      for (const name of await readdir(dir)) {
        if (!SAFE_KEY.test(name)) continue;
        const info = await stat(join(dir, name)).catch(() => undefined);
        if (info?.isFile()) files.push({ key: name, modifiedAt: info.mtime });
      }
      return files;
    },
  };
}
