import { randomBytes } from "node:crypto";
import { findClient } from "@cm/db/queries/clients";
import { findMeeting } from "@cm/db/queries/meetings";
import { insertCountedUpload } from "@cm/db/queries/resumable-upload-quota";
import { countOpenUploads } from "@cm/db/queries/resumable-uploads";
import { SCHEDULED_STATUS } from "@cm/db/queries/schedule";
import { SPEECH_NOT_CONFIGURED_MESSAGE } from "../../ai-engine";
import type { AppContext } from "../../context";
import { HttpError, notFound } from "../../http-error";
import { precheckUploadBytes, storageFull } from "../meetings/admit-upload";
import { parseMeetingData } from "../meetings/meeting-data";
import { MAX_UPLOAD_BYTES } from "../meetings/receive-upload";
import type { PartialFiles } from "./partial-files";
import { checkTusResumable, parseUploadMetadata, readByteCount, tusHeaders, UPLOADS_PATH } from "./tus-protocol";

/** Unfinished uploads one account may hold at once (each up to 500 MB on disk until it ends or is swept). */
export const MAX_OPEN_UPLOADS_PER_USER = 20;

const tooManyUploads = () =>
  new HttpError(
    429,
    `Too many unfinished uploads: finish or cancel one first (at most ${MAX_OPEN_UPLOADS_PER_USER}).`,
    "too_many_uploads",
  );

export const maxUploadBytes = (ctx: AppContext) => ctx.config.maxUploadBytes ?? MAX_UPLOAD_BYTES;

export const uploadTooLarge = (max: number) =>
  new HttpError(413, `The file is too large: the limit is ${Math.round(max / 1024 / 1024)} MB.`, "too_large");

/**
 * POST /api/uploads: everything that can be checked before a byte arrives is checked here (the length, the meeting
 * data with its consent, the client, the planned meeting, the account's quotas), so a recording is never refused
 * after it was made for a reason known at its start. A declared length is reserved of the account's storage from
 * now on (413 when it does not fit); a deferred one counts its bytes as they come (patch-upload.ts). Answers 201 with
 * the upload's Location.
 */
export async function createUpload(
  ctx: AppContext,
  partials: PartialFiles,
  userId: number,
  request: Request,
): Promise<Response> {
  checkTusResumable(request);
  const length = readByteCount(request, "upload-length");
  const deferred = request.headers.get("upload-defer-length");
  if (deferred !== null && deferred.trim() !== "1") {
    throw new HttpError(400, "validation failed: Upload-Defer-Length must be 1", "validation");
  }
  if ((length === undefined) === (deferred === null)) {
    throw new HttpError(400, "validation failed: send either Upload-Length or Upload-Defer-Length: 1", "validation");
  }
  const max = maxUploadBytes(ctx);
  if (length !== undefined && length > max) throw uploadTooLarge(max);
  if (length === 0) throw new HttpError(400, "validation failed: the file is empty", "validation");

  const metadata = parseUploadMetadata(request.headers.get("upload-metadata"));
  const meetingData = metadata.get("meetingData");
  const data = parseMeetingData(meetingData);
  if (!(await findClient(ctx.db.sql, userId, data.clientId))) {
    throw new HttpError(400, "validation failed: clientId: no such client", "validation");
  }
  if (data.plannedMeetingId) {
    const planned = await findMeeting(ctx.db.sql, userId, data.plannedMeetingId);
    if (!planned) throw notFound("Meeting");
    if (planned.status !== SCHEDULED_STATUS) {
      throw new HttpError(409, "This meeting already has a recording: upload it as a new meeting instead.", "conflict");
    }
  }
  const filename = (metadata.get("filename") ?? "").slice(0, 300);
  const filetype = (metadata.get("filetype") ?? "").slice(0, 120);
  // Audio needs a speech service: a recording is refused before it starts, not after an hour of it.
  const audio = data.source === "recording" || /^(audio|video)\//i.test(filetype);
  if (audio && !ctx.ai.canTranscribe) throw new HttpError(503, SPEECH_NOT_CONFIGURED_MESSAGE, "api_key");
  const limits = await precheckUploadBytes(ctx, userId, length ?? 0);
  // A quick refusal before any file is made; the insert counts again, under the account's lock.
  if ((await countOpenUploads(ctx.db.sql, userId)) >= MAX_OPEN_UPLOADS_PER_USER) throw tooManyUploads();

  const id = randomBytes(16).toString("hex");
  await (await partials.openAt(id, 0)).finish();
  let inserted: Awaited<ReturnType<typeof insertCountedUpload>>;
  try {
    const upload = {
      id,
      userId,
      uploadLength: length ?? null,
      filename,
      filetype,
      meetingData: meetingData!,
      partialFolder: partials.folderId,
    };
    inserted = await insertCountedUpload(ctx.db.sql, upload, { maxOpen: MAX_OPEN_UPLOADS_PER_USER, limits });
  } catch (error) {
    await partials.remove(id).catch(() => {});
    throw error;
  }
  if (!inserted.created) {
    await partials.remove(id).catch(() => {});
    throw inserted.reason === "storage" ? storageFull(inserted.usage, length ?? 0) : tooManyUploads();
  }
  return new Response(null, { status: 201, headers: tusHeaders({ location: `${UPLOADS_PATH}/${id}` }) });
}
