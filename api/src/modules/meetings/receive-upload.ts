import { Readable } from "node:stream";
import busboy from "busboy";
import { HttpError } from "../../http-error";
import type { FileStorage, StoredFileWriter } from "../../storage/file-storage";
import { sniffUpload, type UploadKind } from "./sniff-upload";

export const MAX_UPLOAD_BYTES = 500 * 1024 * 1024;
/** Enough bytes to recognise any supported container or a transcript. */
const SNIFF_BYTES = 4096;

/**
 * Every upload body arrives as fresh 64 KB buffers that are garbage once written. In the server process
 * (a heap of several hundred MB, most of it the embedded database) the collector let that garbage pile up:
 * a 500 MB upload grew RSS by 110-400 MB. Asking for a collection after every 4 MB received, counted over all
 * uploads in the process, keeps the growth near 30 MB for well under 1 ms a call (api/bench/upload.ts).
 */
const COLLECT_EVERY_BYTES = 4 * 1024 * 1024;
let bytesSinceCollect = 0;

function noteBytesReceived(bytes: number) {
  bytesSinceCollect += bytes;
  if (bytesSinceCollect < COLLECT_EVERY_BYTES) return;
  bytesSinceCollect = 0;
  Bun.gc(false);
}

export interface ReceivedUpload {
  meetingData: string | undefined;
  file: { key: string; kind: Exclude<UploadKind, { kind: "unknown" }>; size: number; filename: string };
}

export interface ReceiveOptions {
  maxBytes: number;
  /** False when no speech service is configured: audio is refused before anything is stored. */
  canTranscribe: boolean;
  speechNotConfiguredMessage: string;
}

const tooLarge = (max: number) =>
  new HttpError(413, `The file is too large: the limit is ${Math.round(max / 1024 / 1024)} MB.`, "too_large");
const unsupported = () =>
  new HttpError(
    415,
    "unsupported file format: upload an audio recording (MP3, WAV, M4A, AAC, CAF, ...) or a transcript (.vtt, .srt, .txt)",
    "unsupported",
  );

/**
 * Streams a multipart upload (`meetingData` field, `audioFile` file) straight to storage:
 * the body is never held in memory. Past `maxBytes` the transfer is cut with 413 and the
 * partial file removed. The file's kind is decided from its first bytes.
 */
export function receiveUpload(
  request: Request,
  storage: FileStorage,
  options: ReceiveOptions,
): Promise<ReceivedUpload> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
    return Promise.reject(
      new HttpError(415, "unsupported content type: send the upload as multipart/form-data", "unsupported"),
    );
  }
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > options.maxBytes + 1024 * 1024) return Promise.reject(tooLarge(options.maxBytes));
  if (!request.body) return Promise.reject(new HttpError(400, "validation failed: the upload is empty", "validation"));

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      // busboy reports its limit when a file *reaches* fileSize: one byte more lets a file of exactly maxBytes in.
      limits: { files: 1, fileSize: options.maxBytes + 1, fields: 10, fieldSize: 64 * 1024, parts: 12 },
    });
  } catch {
    return Promise.reject(new HttpError(400, "validation failed: the multipart body has no boundary", "validation"));
  }
  const source = Readable.fromWeb(request.body as unknown as import("node:stream/web").ReadableStream);

  return new Promise<ReceivedUpload>((resolve, reject) => {
    let meetingData: string | undefined;
    let writer: StoredFileWriter | undefined;
    let fileWork: Promise<ReceivedUpload["file"] | undefined> = Promise.resolve(undefined);
    let failed: HttpError | undefined;

    const fail = (error: HttpError) => {
      if (failed) return;
      failed = error;
      source.unpipe(parser);
      source.destroy();
      void writer?.discard();
      reject(error);
    };

    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) fail(new HttpError(400, "validation failed: meetingData is too long", "validation"));
      else if (name === "meetingData") meetingData = value;
    });
    parser.on("filesLimit", () => fail(new HttpError(400, "validation failed: send exactly one file", "validation")));
    parser.on("file", (name, stream, info) => {
      if (name !== "audioFile") {
        stream.resume();
        fail(
          new HttpError(400, `validation failed: unexpected file field "${name}", expected audioFile`, "validation"),
        );
        return;
      }
      fileWork = storeFile(stream, info.filename ?? "upload").catch((error) => {
        fail(toHttpError(error));
        return undefined;
      });
    });
    parser.on("error", (error: Error) =>
      fail(new HttpError(400, `validation failed: malformed multipart body (${error.message})`, "validation")),
    );
    parser.on("close", () => {
      void fileWork.then((file) => {
        if (failed) return;
        if (!file)
          return fail(new HttpError(400, "No file selected: Please select an audio file to upload.", "validation"));
        resolve({ meetingData, file });
      });
    });

    async function storeFile(stream: NodeJS.ReadableStream & { truncated?: boolean }, filename: string) {
      let head: Uint8Array = new Uint8Array(0);
      let kind: UploadKind | undefined;
      let size = 0;
      let limited = false;
      stream.on("limit", () => {
        limited = true;
      });
      for await (const piece of stream as AsyncIterable<Buffer>) {
        if (failed) continue;
        if (limited) {
          fail(tooLarge(options.maxBytes));
          continue;
        }
        size += piece.length;
        noteBytesReceived(piece.length);
        if (!kind) {
          head = concat(head, piece);
          if (head.length < SNIFF_BYTES) continue;
          kind = await openWriter(head);
          if (!kind) continue;
          await writer!.write(head);
        } else {
          await writer!.write(piece);
        }
      }
      if (failed) return undefined;
      if (limited || stream.truncated) throw tooLarge(options.maxBytes);
      if (!kind) {
        if (head.length === 0) throw new HttpError(400, "validation failed: the file is empty", "validation");
        kind = await openWriter(head);
        if (!kind) return undefined;
        await writer!.write(head);
      }
      await writer!.finish();
      return { key: writer!.key, kind: kind as ReceivedUpload["file"]["kind"], size, filename };
    }

    async function openWriter(head: Uint8Array): Promise<UploadKind | undefined> {
      const kind = sniffUpload(head);
      if (kind.kind === "unknown") {
        fail(unsupported());
        return undefined;
      }
      if (kind.kind === "audio" && !options.canTranscribe) {
        fail(new HttpError(503, options.speechNotConfiguredMessage, "api_key"));
        return undefined;
      }
      const opened = await storage.create(kind.kind === "audio" ? kind.extension : "txt");
      // The upload may have failed while the file was being opened (a second file, a broken body):
      // fail() had no writer to discard then, so close and remove this one here.
      if (failed) {
        await opened.discard();
        return undefined;
      }
      writer = opened;
      return kind;
    }

    source.on("error", () => fail(new HttpError(400, "The upload was interrupted.", "validation")));
    source.pipe(parser);
  });
}

function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if ((error as NodeJS.ErrnoException).code === "ENOSPC") {
    return new HttpError(
      507,
      "The server is out of storage space: the upload was not saved. Please try again later.",
      "storage_full",
    );
  }
  return new HttpError(500, "The upload could not be stored. Please try again.", "storage_error");
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  // Copies into a fresh buffer: busboy may reuse the memory behind each chunk.
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
