import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { S3Client } from "bun";
import type { S3StorageConfig } from "../config-storage";
import { checkKey, type FileStorage, type LocalCopy, newKey, SAFE_KEY } from "./file-storage";
import { openLocalFileWriter } from "./local-file-writer";
import { StorageUnavailableError, StoredFileMissingError } from "./storage-errors";

/** Objects live under this prefix, as files do under `recordings/` in the data folder: the sweep lists only these. */
export const S3_PREFIX = "recordings/";

/**
 * Bun's multipart writer takes every chunk it is given into memory; asking it to flush every MB waits while its parts
 * are in flight, so an upload holds about partSize × (queueSize + 1) whatever the client's speed (the flush does not
 * cut a part short: parts stay partSize).
 */
const FLUSH_EVERY_BYTES = 1024 * 1024;

/** Everything a bucket says other than "no such key" means the bucket cannot be used now: a 503 for the user. */
export function toStorageError(error: unknown, key?: string): Error {
  const e = error as { name?: string; code?: string; message?: string };
  if (e?.code === "NoSuchKey" || e?.code === "NotFound") return new StoredFileMissingError(key ?? "");
  const network = /^(E[A-Z]+|Connection\w*|Timeout\w*)$/.test(String(e?.code));
  if (e?.name === "S3Error" || network) return new StorageUnavailableError(`${e.code ?? e.name}: ${e.message}`);
  return error as Error;
}

async function guarded<T>(work: () => Promise<T>, key?: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toStorageError(error, key);
  }
}

export interface RemoteWriter {
  write(chunk: Uint8Array): Promise<void>;
  /** Completes the upload: the object exists from now on. */
  finish(): Promise<void>;
  /** Abandons the upload: no object is left (or, with the bucket down, one no meeting names). */
  abort(): Promise<void>;
}

export function createS3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    bucket: config.bucket,
    endpoint: config.endpoint,
    region: config.region,
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
  });
}

/** A streamed (multipart, past one part) upload of one object, holding at most about partSize × (queueSize + 1). */
export function openRemoteWriter(client: S3Client, config: S3StorageConfig, name: string): RemoteWriter {
  const sink = client
    .file(name, { partSize: config.partSize, queueSize: config.queueSize, retry: 3, type: "application/octet-stream" })
    .writer();
  let unflushed = 0;
  let ended = false;
  return {
    write: (chunk) =>
      guarded(async () => {
        const written: unknown = sink.write(chunk);
        if (written instanceof Promise) await written;
        unflushed += chunk.byteLength;
        if (unflushed < FLUSH_EVERY_BYTES) return;
        unflushed = 0;
        await sink.flush();
      }),
    finish: () =>
      guarded(async () => {
        ended = true;
        await sink.end();
      }),
    async abort() {
      if (ended) return;
      ended = true;
      // Bun's sink has no abort: ending it, even with an error, sends what it holds (a one-part file is PUT whole, a
      // multipart upload completed). So it is ended and the object deleted; with the bucket down neither happens, and
      // a leftover is unreferenced, for the orphan sweep.
      const ending = await Promise.resolve(sink.end(new Error("upload discarded"))).then(
        () => true,
        () => false,
      );
      if (ending) await client.delete(name).catch(() => {});
    },
  };
}

/** Recordings as objects `recordings/<key>` in one bucket. */
export function createS3Storage(config: S3StorageConfig): FileStorage {
  const client = createS3Client(config);
  const objectName = (key: string) => S3_PREFIX + checkKey(key);

  async function upload(key: string, source: ReadableStream<Uint8Array>) {
    const remote = openRemoteWriter(client, config, objectName(key));
    try {
      for await (const chunk of source) await remote.write(chunk);
      await remote.finish();
    } catch (error) {
      await remote.abort();
      throw error;
    }
  }

  return {
    kind: "s3",
    async create(extension, { copyDir }) {
      const key = newKey(extension);
      // The copy the upload's content check reads (sniffing, the decoded length): written beside the upload, on disk.
      await mkdir(copyDir, { recursive: true });
      const copyPath = join(copyDir, key);
      const copy = await openLocalFileWriter(copyPath);
      const remote = openRemoteWriter(client, config, objectName(key));
      let finished = false;
      return {
        key,
        async write(chunk) {
          await Promise.all([copy.write(chunk), remote.write(chunk)]);
        },
        async finish(): Promise<LocalCopy> {
          await copy.finish(false);
          await remote.finish();
          finished = true;
          return { path: copyPath, release: () => rm(copyPath, { force: true }) };
        },
        async discard() {
          // Refused after it was complete (a second file part): the object goes too.
          if (finished) await client.delete(objectName(key)).catch(() => {});
          else await remote.abort();
          await copy.discard();
        },
      };
    },
    async importFile(path, key) {
      await upload(key, Bun.file(path).stream());
      // The partial file stays until released: the upload's content check reads it, not a download.
      return { path, release: () => rm(path, { force: true }) };
    },
    async size(key) {
      try {
        return (await client.file(objectName(key)).stat()).size;
      } catch (error) {
        const e = toStorageError(error, key);
        if (e instanceof StoredFileMissingError) return undefined;
        throw e;
      }
    },
    read(key, range) {
      const file = client.file(objectName(key));
      // A stream, never the S3File itself: a Response given an S3File answers with a redirect to the bucket.
      return (range ? file.slice(range.start, range.end) : file).stream();
    },
    async withLocalCopy(key, dir, use) {
      await mkdir(dir, { recursive: true });
      const path = join(dir, `copy-${crypto.randomUUID()}-${checkKey(key)}`);
      try {
        const copy = await openLocalFileWriter(path);
        try {
          await guarded(async () => {
            for await (const chunk of client.file(objectName(key)).stream()) await copy.write(chunk);
          }, key);
          await copy.finish(false);
        } catch (error) {
          await copy.discard();
          throw error;
        }
        return await use(path);
      } finally {
        await rm(path, { force: true });
      }
    },
    async remove(key) {
      await guarded(() => client.delete(objectName(key)), key);
    },
    list: () =>
      guarded(async () => {
        const files: { key: string; modifiedAt: Date }[] = [];
        let continuationToken: string | undefined;
        do {
          const page = await client.list({ prefix: S3_PREFIX, maxKeys: 1000, continuationToken });
          for (const item of page.contents ?? []) {
            const key = item.key.slice(S3_PREFIX.length);
            if (!item.key.startsWith(S3_PREFIX) || !SAFE_KEY.test(key)) continue;
            files.push({ key, modifiedAt: new Date(item.lastModified ?? 0) });
          }
          continuationToken = page.isTruncated ? page.nextContinuationToken : undefined;
        } while (continuationToken);
        return files;
      }),
  };
}
