import { findResumableUpload, type ResumableUploadRow } from "@cm/db/queries/resumable-uploads";
import type { AppContext } from "../../context";
import { HttpError, notFound } from "../../http-error";
import { noteBytesReceived } from "../meetings/receive-upload";
import { maxUploadBytes, uploadTooLarge } from "./create-upload";
import { finishUpload } from "./finish-upload";
import type { PartialFiles } from "./partial-files";
import { openStorageRoom, type StorageRoom } from "./storage-room";
import { checkTusResumable, OFFSET_CONTENT_TYPE, readByteCount, tusHeaders } from "./tus-protocol";
import { takeUploadWriter, type UploadProgress, type UploadWriter } from "./upload-writer";

/** A request for an upload whose partial file is in another data folder (docs/operating.md, Running at scale). */
export const ELSEWHERE_MESSAGE =
  "This upload is being received by another server of this service, which holds its bytes so far: try again in a moment.";

/** 409 with the offset the client should resume from. */
export class OffsetConflict extends HttpError {
  constructor(readonly offset: number) {
    super(409, `upload offset conflict: the upload is at byte ${offset}; resume from there`, "conflict");
  }
}

/** An upload that ended: its meeting, or the refusal it got, answered again as the first time. */
export function answerEnded(row: ResumableUploadRow): HttpError | undefined {
  if (row.failureStatus !== null) {
    return new HttpError(row.failureStatus, row.failureMessage ?? "The upload was refused.", "refused");
  }
  return undefined;
}

/**
 * PATCH /api/uploads/{id}: bytes at `Upload-Offset`, streamed to the partial file (never held in memory). A dropped
 * connection keeps what arrived. When the last byte is in, the file is checked and becomes the meeting
 * (finish-upload.ts): 204 with `Meeting-Id`.
 */
export async function patchUpload(
  ctx: AppContext,
  partials: PartialFiles,
  userId: number,
  id: string,
  request: Request,
): Promise<Response> {
  // Another user's upload is not found, whatever else is wrong with the request.
  if (!(await findResumableUpload(ctx.db.sql, userId, id))) throw notFound("Upload");
  checkTusResumable(request);
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== OFFSET_CONTENT_TYPE) {
    throw new HttpError(415, `unsupported content type: send the bytes as ${OFFSET_CONTENT_TYPE}`, "unsupported");
  }
  const offset = readByteCount(request, "upload-offset");
  if (offset === undefined) throw new HttpError(400, "validation failed: Upload-Offset is required", "validation");
  const declared = readByteCount(request, "upload-length");
  const contentLength = readByteCount(request, "content-length");

  const reader = request.body?.getReader();
  // The request writing to this upload before (here or in another process) stops and counts its bytes first.
  const writer = await takeUploadWriter(ctx.db.sql, id, () => void reader?.cancel().catch(() => {}));
  // Bytes received, recorded when the upload is let go of (in the same statement).
  let progress: UploadProgress | undefined;
  try {
    const row = await findResumableUpload(ctx.db.sql, userId, id);
    if (!row) throw notFound("Upload");
    const ended = answerEnded(row);
    if (ended) throw ended;
    if (row.meetingId === null && row.storageKey === null) {
      // Bytes counted but no longer on disk (the partial file removed by hand, a disk restored from backup): the
      // client is sent back to what is there rather than the file silently padded.
      const onDisk = (await partials.sizeOf(id)) ?? 0;
      if (onDisk < row.uploadOffset && row.partialFolder !== null && row.partialFolder !== partials.folderId) {
        // The bytes are in another server's data folder: nothing is lost, this server just cannot reach them.
        throw new HttpError(503, ELSEWHERE_MESSAGE, "elsewhere");
      }
      if (onDisk < row.uploadOffset) {
        progress = { offset: onDisk, length: row.uploadLength };
        throw new OffsetConflict(onDisk);
      }
    }
    if (offset !== row.uploadOffset) throw new OffsetConflict(row.uploadOffset);
    const max = maxUploadBytes(ctx);
    let length = row.uploadLength;
    if (declared !== undefined) {
      if (length !== null && declared !== length) {
        throw new HttpError(400, "validation failed: Upload-Length cannot change once known", "validation");
      }
      if (declared > max) throw uploadTooLarge(max);
      if (declared < row.uploadOffset) {
        throw new HttpError(400, "validation failed: Upload-Length is less than the bytes received", "validation");
      }
      length = declared;
    }
    const limit = length ?? max;
    if (contentLength !== undefined && offset + contentLength > limit) {
      throw length === null ? uploadTooLarge(max) : pastLength(length);
    }
    let received = row.uploadOffset;
    if (row.meetingId !== null && (contentLength ?? 0) > 0) throw pastLength(row.uploadOffset);
    if (row.meetingId === null && reader) {
      // The account's storage: a body that cannot fit is refused before a byte of it is read.
      const room = await openStorageRoom(ctx, row, { contentLength, limit });
      try {
        received = await receiveBytes(partials, row, reader, { limit, claim: writer, room });
      } catch (error) {
        if (error instanceof OverflowAfter) {
          progress = { offset: error.offset, length };
          throw length === null ? uploadTooLarge(max) : pastLength(length);
        }
        if (error instanceof RefusedAfter) {
          progress = { offset: error.offset, length };
          throw error.refusal;
        }
        throw error;
      }
    }
    if (received !== row.uploadOffset || length !== row.uploadLength) progress = { offset: received, length };
    // Counted and let go of before the check of a complete file (up to 90 s), which has a claim of its own.
    await writer.release(progress);
    const headers = tusHeaders({ "upload-offset": String(received) });
    let meetingId = row.meetingId;
    if (meetingId === null && length !== null && received === length) {
      meetingId = await finishUpload(ctx, partials, { ...row, uploadOffset: received, uploadLength: length });
    }
    if (meetingId !== null) headers["meeting-id"] = String(meetingId);
    return new Response(null, { status: 204, headers });
  } finally {
    await writer.release(progress);
    // A body refused before it was read (413 past the storage left or the length) is not waited for: the connection
    // is not held open until the client has sent it all.
    reader?.cancel().catch(() => {});
  }
}

const pastLength = (length: number) =>
  new HttpError(413, `too large: the upload's declared length is ${length} bytes`, "too_large");

/**
 * Appends the body to the partial file until it ends, is cut off or stopped; bytes past `limit` or past the room in
 * the account's storage answer 413 (what came before them is kept). Answers the new offset, counted only once it is on
 * disk.
 */
async function receiveBytes(
  partials: PartialFiles,
  row: ResumableUploadRow,
  reader: ReadableStreamDefaultReader<Uint8Array>,
  { limit, claim, room }: { limit: number; claim: UploadWriter; room: StorageRoom },
): Promise<number> {
  const writer = await partials.openAt(row.id, row.uploadOffset);
  let offset = row.uploadOffset;
  let overflow = false;
  try {
    for (;;) {
      let next: Awaited<ReturnType<typeof reader.read>>;
      try {
        next = await reader.read();
      } catch {
        break; // The connection dropped or a newer PATCH stopped this one: what arrived counts.
      }
      if (next.done) break;
      if (!claim.mayWrite()) {
        // A newer request takes over (or this one's lease may have lapsed): what is on disk so far counts.
        reader.cancel().catch(() => {});
        break;
      }
      const chunk = next.value;
      if (offset + chunk.length > limit) {
        overflow = true;
        reader.cancel().catch(() => {});
        break;
      }
      try {
        await room.ensure(offset + chunk.length);
      } catch (error) {
        reader.cancel().catch(() => {});
        if (error instanceof HttpError) throw new RefusedAfter(offset, error);
        throw error;
      }
      await writer.write(chunk);
      offset += chunk.length;
      noteBytesReceived(chunk.length);
    }
  } finally {
    await writer.finish();
  }
  // The bytes before the excess are kept: the caller counts them and answers 413.
  if (overflow) throw new OverflowAfter(offset);
  return offset;
}

/** The account's storage had no room for more than `offset` bytes: `refusal` is the answer. */
class RefusedAfter extends Error {
  constructor(
    readonly offset: number,
    readonly refusal: HttpError,
  ) {
    super("no room in the account's storage");
  }
}

/** Bytes past the declared length (or 500 MB) arrived after `offset` good ones. */
class OverflowAfter extends Error {
  constructor(readonly offset: number) {
    super("bytes past the upload's length");
  }
}
