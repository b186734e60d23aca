// One contract for both storage backends: the data folder, and an S3-compatible bucket on a real S3 server (s3rver,
// from npm) started on 127.0.0.1 by the test. Whatever the backend, a written file reads back byte for byte, whole and
// by range, through a local copy, and is listed, removed and discarded alike. The bucket's own faults follow.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FileStorage, newKey } from "../src/storage/file-storage";
import { createLocalStorage } from "../src/storage/local-storage";
import { createS3Storage } from "../src/storage/s3-storage";
import { StorageUnavailableError, StoredFileMissingError } from "../src/storage/storage-errors";
import { patterned } from "./support/patterned-bytes";
import { type LoopbackS3, startLoopbackS3 } from "./support/s3-server";

let s3: LoopbackS3;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "cm-storage-contract-"));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  s3 = await startLoopbackS3();
});
afterAll(async () => {
  await s3?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function store(storage: FileStorage, data: Uint8Array, copyDir: string, chunk = 64 * 1024) {
  const writer = await storage.create("mp3", { copyDir });
  for (let at = 0; at < data.length; at += chunk) await writer.write(data.subarray(at, at + chunk));
  const localCopy = await writer.finish();
  return { key: writer.key, localCopy };
}

const readAll = (storage: FileStorage, key: string, range?: { start: number; end: number }): Promise<Uint8Array> =>
  new Response(storage.read(key, range)).bytes();

const backends: [string, () => FileStorage][] = [
  ["data folder", () => createLocalStorage(tempDir())],
  ["S3 bucket", () => createS3Storage(s3.config)],
];

describe.each(backends)("storage contract: %s", (_name, make) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = make();
  });

  test("a written file reads back whole, by range, and through its local copy", async () => {
    const data = patterned(300_000);
    const copyDir = tempDir();
    const { key, localCopy } = await store(storage, data, copyDir);
    expect(key).toMatch(/^[0-9a-f-]{36}\.mp3$/);
    expect(await storage.size(key)).toBe(data.length);
    expect(await readAll(storage, key)).toEqual(data);
    expect(await readAll(storage, key, { start: 1000, end: 1010 })).toEqual(data.subarray(1000, 1010));
    expect(await readAll(storage, key, { start: 299_990, end: 300_000 })).toEqual(data.subarray(299_990));
    expect(new Uint8Array(await readFile(localCopy.path))).toEqual(data);
    await localCopy.release();
    // The copy goes where it is one; the stored file stays either way.
    expect(await readAll(storage, key)).toEqual(data);
    expect(readdirSync(copyDir)).toEqual([]);
  });

  test("a file of several multipart parts arrives whole", async () => {
    const data = patterned(21 * 1024 * 1024 + 123, 7);
    const { key, localCopy } = await store(storage, data, tempDir(), 1024 * 1024);
    await localCopy.release();
    expect(await storage.size(key)).toBe(data.length);
    const back = await readAll(storage, key);
    expect(Bun.hash(back)).toBe(Bun.hash(data));
  }, 60_000);

  test("withLocalCopy hands a readable path for the call only", async () => {
    const data = patterned(50_000, 3);
    const { key, localCopy } = await store(storage, data, tempDir());
    await localCopy.release();
    const dir = tempDir();
    let seen = "";
    const length = await storage.withLocalCopy(key, dir, async (path) => {
      seen = path;
      return (await readFile(path)).length;
    });
    expect(length).toBe(data.length);
    if (storage.kind === "s3") {
      expect(seen.startsWith(dir)).toBe(true);
      expect(existsSync(seen)).toBe(false);
    }
    await expect(
      storage.withLocalCopy(key, dir, async () => Promise.reject(new Error("ffmpeg failed"))),
    ).rejects.toThrow("ffmpeg failed");
    expect(readdirSync(dir)).toEqual([]);
    await storage.remove(key);
    await expect(storage.withLocalCopy(key, dir, async () => 1)).rejects.toBeInstanceOf(StoredFileMissingError);
  });

  test("a discarded file leaves nothing, before or after it was complete", async () => {
    const copyDir = tempDir();
    const before = await storage.list();
    const cut = await storage.create("wav", { copyDir });
    await cut.write(patterned(200_000));
    await cut.discard();
    const complete = await storage.create("wav", { copyDir });
    await complete.write(patterned(1000));
    await complete.finish();
    await complete.discard();
    expect(await storage.size(cut.key)).toBeUndefined();
    expect(await storage.size(complete.key)).toBeUndefined();
    expect((await storage.list()).length).toBe(before.length);
    expect(readdirSync(copyDir)).toEqual([]);
  });

  test("an imported file is stored, and its local copy is readable until released", async () => {
    const dir = tempDir();
    const data = patterned(9 * 1024 * 1024, 5);
    const source = join(dir, "upload.part");
    writeFileSync(source, data);
    const key = newKey("m4a");
    const localCopy = await storage.importFile(source, key);
    expect(new Uint8Array(await readFile(localCopy.path))).toEqual(data);
    await localCopy.release();
    expect(existsSync(source)).toBe(false);
    expect(Bun.hash(await readAll(storage, key))).toBe(Bun.hash(data));
  });

  test("list names every stored file with a recent last write; remove takes one away and a missing one is no error", async () => {
    const { key, localCopy } = await store(storage, patterned(10), tempDir());
    await localCopy.release();
    const listed = (await storage.list()).find((f) => f.key === key);
    expect(listed).toBeDefined();
    expect(Math.abs(Date.now() - listed!.modifiedAt.getTime())).toBeLessThan(10 * 60 * 1000);
    await storage.remove(key);
    expect((await storage.list()).some((f) => f.key === key)).toBe(false);
    expect(await storage.size(key)).toBeUndefined();
    await storage.remove(key);
  });

  test("a key it did not make is refused", async () => {
    await expect(storage.size("../../etc/passwd")).rejects.toThrow("invalid storage key");
    expect(() => storage.read("a/b.mp3")).toThrow("invalid storage key");
  });
});

describe("S3 bucket: the server down", () => {
  test("every operation answers StorageUnavailableError (503), and what was stored is whole once it is back", async () => {
    const storage = createS3Storage(s3.config);
    const data = patterned(2 * 1024 * 1024, 11);
    const { key, localCopy } = await store(storage, data, tempDir());
    await localCopy.release();
    await s3.kill();
    try {
      for (const attempt of [
        () => storage.size(key),
        () => storage.list(),
        () => storage.remove(key),
        () => storage.withLocalCopy(key, tempDir(), async () => 0),
        () => store(storage, patterned(1000), tempDir()),
      ]) {
        const error = await attempt().then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(StorageUnavailableError);
        expect((error as StorageUnavailableError).status).toBe(503);
        expect((error as Error).message).toContain("Recording storage is unavailable");
      }
    } finally {
      await s3.restart();
    }
    expect(Bun.hash(await readAll(storage, key))).toBe(Bun.hash(data));
  }, 60_000);

  test("the server killed mid-upload: the upload fails, nothing is stored, and the next upload is whole", async () => {
    const storage = createS3Storage(s3.config);
    const before = (await storage.list()).map((f) => f.key).sort();
    const copyDir = tempDir();
    const writer = await storage.create("mp3", { copyDir });
    const chunk = patterned(1024 * 1024, 13);
    let failure: unknown;
    try {
      for (let i = 0; i < 40; i++) {
        if (i === 12) await s3.kill();
        await writer.write(chunk);
      }
      await writer.finish();
    } catch (error) {
      failure = error;
      await writer.discard();
    } finally {
      await s3.restart();
    }
    expect(failure).toBeInstanceOf(StorageUnavailableError);
    expect(await storage.size(writer.key)).toBeUndefined();
    expect((await storage.list()).map((f) => f.key).sort()).toEqual(before);
    expect(readdirSync(copyDir)).toEqual([]);
    const data = patterned(3 * 1024 * 1024, 17);
    const { key, localCopy } = await store(storage, data, tempDir());
    await localCopy.release();
    expect(Bun.hash(await readAll(storage, key))).toBe(Bun.hash(data));
  }, 60_000);
});
