import { MAX_TRANSCRIPT_BYTES, TRANSCRIPT_TOO_LARGE_MESSAGE } from "@cm/ai/transcript";
import { HttpError } from "../../http-error";
import type { FileStorage, LocalCopy, StoredFileWriter } from "../../storage/file-storage";
import { BodyReadError, boundaryOf, MultipartError, type PartHandler, readMultipart } from "./multipart-reader";
import { sniffUpload, type UploadKind } from "./sniff-upload";

export const MAX_UPLOAD_BYTES = 500 * 1024 * 1024;
/** Enough bytes to recognise any supported container or a transcript. */
const SNIFF_BYTES = 4096;

/**
 * Every upload body arrives as fresh buffers that are garbage once written. In the server process (a heap of
 * several hundred MB, most of it the embedded database) the collector lets that garbage pile up: without help,
 * one 500 MB upload grew RSS by 110-400 MB and four at once by 280 MB. Counted over all uploads in the process,
 * a collection is asked for every 4 MB received (asynchronous) and forced (synchronous) every 128 MB, or every 32 MB
 * while an upload goes to a bucket, whose client holds each chunk again until its part is sent. Forced every 32 MB, the
 * collections took 1.65-1.92 s of the server's 2.3 s of CPU for one 500 MB upload to the data folder (0.9 s with
 * none); every 128 MB, 1.14-1.45 s, growth 14-31 MB for one upload and 40-46 MB for four at once. To a bucket, every
 * 128 MB let one upload grow by 50-56 MB, every 32 MB by 30 MB (issue 30; api/bench/upload.ts, under load).
 * Asynchronous requests alone let four uploads reach 450-580 MB.
 */
const COLLECT_EVERY_BYTES = 4 * 1024 * 1024;
const FORCE_COLLECTION_BYTES = 128 * 1024 * 1024;
const FORCE_COLLECTION_BYTES_TO_BUCKET = 32 * 1024 * 1024;
let bytesSinceCollect = 0;
let bytesSinceForced = 0;

/** Counts bytes received by any upload (multipart or resumable) and asks for a collection as described above. */
export function noteBytesReceived(bytes: number, forceEveryBytes = FORCE_COLLECTION_BYTES) {
  bytesSinceCollect += bytes;
  bytesSinceForced += bytes;
  if (bytesSinceCollect < COLLECT_EVERY_BYTES) return;
  bytesSinceCollect = 0;
  const force = bytesSinceForced >= forceEveryBytes;
  if (force) bytesSinceForced = 0;
  Bun.gc(force);
}

/**
 * Before an upload's content check starts ffprobe and ffmpeg (about 52 MB of RSS each, 42 MB of it their 215 shared
 * libraries), the garbage left by receiving the upload is collected: otherwise the server's growth (up to 27 MB for a
 * 300 MB upload) and the tools' add up, and a 300 MB recording grew the server with its children by 54-72 MB
 * (api/bench/audio-upload-memory.ts; now 51-54). Called as the check begins, before its database work: the allocator
 * gives the pages back some tens of milliseconds later. Skipped when little arrived since the last forced collection.
 */
export function collectBeforeContentCheck() {
  if (bytesSinceForced < COLLECT_EVERY_BYTES) return;
  bytesSinceForced = 0;
  bytesSinceCollect = 0;
  Bun.gc(true);
  // Gives the freed pages back to the system now rather than at the allocator's next scavenge.
  (Bun as unknown as { shrink?: () => void }).shrink?.();
}

interface ReceivedUpload {
  meetingData: string | undefined;
  file: {
    key: string;
    kind: Exclude<UploadKind, { kind: "unknown" }>;
    size: number;
    filename: string;
    /** The bytes on this machine for the content check; the caller releases it. */
    localCopy: LocalCopy;
  };
}

interface ReceiveOptions {
  maxBytes: number;
  /** False when no speech service is configured: audio is refused before anything is stored. */
  canTranscribe: boolean;
  speechNotConfiguredMessage: string;
  /** Transcript files have their own, smaller limit (10 MB unless given); `maxBytes` still applies. */
  maxTranscriptBytes?: number;
  /** Where a bucket's upload keeps its local copy for the content check (storage/processing-temp.ts). */
  copyDir: string;
}

const tooLarge = (max: number) =>
  new HttpError(413, `The file is too large: the limit is ${Math.round(max / 1024 / 1024)} MB.`, "too_large");
const transcriptTooLarge = () => new HttpError(413, TRANSCRIPT_TOO_LARGE_MESSAGE, "too_large");
const unsupported = () =>
  new HttpError(
    415,
    "unsupported file format: upload an audio recording (MP3, WAV, M4A, AAC, CAF, ...) or a transcript (.vtt, .srt, .txt)",
    "unsupported",
  );

/** Most form fields (meetingData and anything a client adds) and parts in one upload. */
const MAX_FIELDS = 10;
const MAX_PARTS = 12;
const MAX_FIELD_BYTES = 64 * 1024;

/**
 * Streams a multipart upload (`meetingData` field, `audioFile` file) straight to storage:
 * the body is never held in memory. Past `maxBytes` (or, once the first bytes show a transcript, past
 * `maxTranscriptBytes`) the transfer is cut with 413 and the partial file removed. The file's kind is
 * decided from its first bytes.
 */
export async function receiveUpload(
  request: Request,
  storage: FileStorage,
  options: ReceiveOptions,
): Promise<ReceivedUpload> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
    throw new HttpError(415, "unsupported content type: send the upload as multipart/form-data", "unsupported");
  }
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > options.maxBytes + 1024 * 1024) throw tooLarge(options.maxBytes);
  const boundary = boundaryOf(contentType);
  if (!boundary) throw new HttpError(400, "validation failed: the multipart body has no boundary", "validation");
  if (!request.body) throw new HttpError(400, "validation failed: the upload is empty", "validation");

  const maxTranscriptBytes = options.maxTranscriptBytes ?? MAX_TRANSCRIPT_BYTES;
  const forceEvery = storage.kind === "s3" ? FORCE_COLLECTION_BYTES_TO_BUCKET : FORCE_COLLECTION_BYTES;
  const reader = request.body.getReader();
  let meetingData: string | undefined;
  let fields = 0;
  let file: ReceivedUpload["file"] | undefined;
  let writer: StoredFileWriter | undefined;
  let files = 0;

  /** The file part: sniffed from its first bytes, then written as it arrives. */
  function fileSink(filename: string): PartHandler {
    let head: Uint8Array = new Uint8Array(0);
    let kind: Exclude<UploadKind, { kind: "unknown" }> | undefined;
    let size = 0;
    const open = async () => {
      kind = await openWriter(head);
      checkTranscriptSize();
      await writer!.write(head);
    };
    // Known only once the head is sniffed; from then on every chunk is checked.
    const checkTranscriptSize = () => {
      if (kind?.kind === "transcript" && size > maxTranscriptBytes) throw transcriptTooLarge();
    };
    return {
      async data(chunk) {
        size += chunk.length;
        if (size > options.maxBytes) throw tooLarge(options.maxBytes);
        checkTranscriptSize();
        noteBytesReceived(chunk.length, forceEvery);
        if (kind) return writer!.write(chunk);
        head = concat(head, chunk);
        if (head.length >= SNIFF_BYTES) await open();
      },
      async end() {
        if (!kind) {
          if (head.length === 0) throw new HttpError(400, "validation failed: the file is empty", "validation");
          await open();
        }
        const localCopy = await writer!.finish();
        file = { key: writer!.key, kind: kind!, size, filename, localCopy };
      },
    };
  }

  /** A form field, kept in memory up to MAX_FIELD_BYTES. */
  function fieldSink(name: string): PartHandler {
    const pieces: Uint8Array[] = [];
    let size = 0;
    return {
      data(chunk) {
        size += chunk.length;
        if (size > MAX_FIELD_BYTES) throw new HttpError(400, `validation failed: ${name} is too long`, "validation");
        pieces.push(Uint8Array.from(chunk));
      },
      end() {
        if (name === "meetingData") meetingData = Buffer.concat(pieces).toString("utf8");
      },
    };
  }

  async function openWriter(head: Uint8Array): Promise<Exclude<UploadKind, { kind: "unknown" }>> {
    const kind = sniffUpload(head);
    if (kind.kind === "unknown") throw unsupported();
    if (kind.kind === "audio" && !options.canTranscribe) {
      throw new HttpError(503, options.speechNotConfiguredMessage, "api_key");
    }
    writer = await storage.create(kind.kind === "audio" ? kind.extension : "txt", { copyDir: options.copyDir });
    return kind;
  }

  try {
    await readMultipart(
      reader,
      boundary,
      (part) => {
        if (part.filename === undefined) {
          if (++fields > MAX_FIELDS) throw new HttpError(400, "validation failed: too many form fields", "validation");
          return fieldSink(part.name);
        }
        if (++files > 1) throw new HttpError(400, "validation failed: send exactly one file", "validation");
        if (part.name !== "audioFile") {
          throw new HttpError(
            400,
            `validation failed: unexpected file field "${part.name}", expected audioFile`,
            "validation",
          );
        }
        return fileSink(part.filename || "upload");
      },
      { maxParts: MAX_PARTS },
    );
  } catch (error) {
    await writer?.discard().catch(() => {});
    // Stop receiving: the rest of the body is not wanted.
    reader.cancel().catch(() => {});
    if (error instanceof HttpError) throw error;
    if (error instanceof MultipartError) {
      throw new HttpError(400, `validation failed: malformed multipart body (${error.message})`, "validation");
    }
    if (error instanceof BodyReadError) throw new HttpError(400, "The upload was interrupted.", "validation");
    throw toHttpError(error);
  }
  if (!file) throw new HttpError(400, "No file selected: Please select an audio file to upload.", "validation");
  return { meetingData, file };
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
  // Copies into a fresh buffer: the sniffed head outlives the chunks it came from.
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
