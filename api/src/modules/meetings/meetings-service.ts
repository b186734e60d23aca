import { SpeechServiceNotConfiguredError } from "@cm/ai";
import { findClient } from "@cm/db/queries/clients";
import { clearFileDeletion } from "@cm/db/queries/file-deletions";
import {
  deleteMeeting,
  findMeeting,
  insertMeetingWithJob,
  listMeetings,
  type MeetingFilters,
  setMeetingStatus,
} from "@cm/db/queries/meetings";
import type { AppContext } from "../../context";
import { HttpError, notFound } from "../../http-error";
import { PROCESS_MEETING } from "../../jobs/meeting-job-kinds";
import { queueJob } from "../../jobs/queue-job";
import { parseMeetingData } from "./meeting-data";
import { presentMeetingDetail, presentMeetingListItem } from "./meeting-presenter";
import type { MeetingDetail, TranscriptSegment } from "./model";
import { MAX_UPLOAD_BYTES, receiveUpload } from "./receive-upload";

export async function listUserMeetings(ctx: AppContext, userId: number, filters: MeetingFilters) {
  return (await listMeetings(ctx.db.sql, userId, filters)).map(presentMeetingListItem);
}

export async function getUserMeeting(ctx: AppContext, userId: number, id: number): Promise<MeetingDetail> {
  const row = await findMeeting(ctx.db.sql, userId, id);
  if (!row) throw notFound("Meeting");
  const detail = presentMeetingDetail(row);
  const transcript = detail.transcript;
  // The row types stored segments loosely; they are what the worker wrote from the transcript (TranscriptSegment).
  return {
    ...detail,
    transcript: transcript && { ...transcript, segments: transcript.segments as TranscriptSegment[] },
  };
}

/** Streams the file to storage, then writes the meeting and its job in one transaction. */
export async function uploadMeeting(ctx: AppContext, userId: number, request: Request) {
  const upload = await receiveUpload(request, ctx.storage, {
    maxBytes: ctx.config.maxUploadBytes ?? MAX_UPLOAD_BYTES,
    canTranscribe: ctx.ai.canTranscribe,
    speechNotConfiguredMessage: new SpeechServiceNotConfiguredError().message,
  });
  try {
    const data = parseMeetingData(upload.meetingData);
    const client = await findClient(ctx.db.sql, userId, data.clientId);
    if (!client) throw new HttpError(400, "validation failed: clientId: no such client", "validation");
    if (upload.file.kind.kind === "audio") await ctx.media.assertPlayableAudio(ctx.storage.localPath(upload.file.key));
    const id = await insertMeetingWithJob(
      ctx.db.sql,
      {
        userId,
        clientId: client.id,
        title: data.title,
        date: data.date,
        duration: data.duration,
        type: data.type,
        status: "Processing",
        sourceKind: upload.file.kind.kind,
        audioPath: upload.file.key,
        audioMime: upload.file.kind.kind === "audio" ? upload.file.kind.container : "text/plain",
      },
      PROCESS_MEETING.name,
    );
    ctx.jobs.wake();
    return getUserMeeting(ctx, userId, id);
  } catch (error) {
    await ctx.storage.remove(upload.file.key).catch(() => {});
    throw error;
  }
}

export async function removeMeeting(ctx: AppContext, userId: number, id: number) {
  const { deleted, audioPath } = await deleteMeeting(ctx.db.sql, userId, id);
  if (!deleted) throw notFound("Meeting");
  if (audioPath) await removeStoredFile(ctx, audioPath);
}

/** Removes a stored file; if that fails now, the row in file_deletions makes the sweeper retry. */
export async function removeStoredFile(ctx: AppContext, key: string) {
  try {
    await ctx.storage.remove(key);
    await clearFileDeletion(ctx.db.sql, key);
  } catch (error) {
    ctx.logger.warn("file removal deferred", { key, error: (error as Error).message });
  }
}

export async function retryMeeting(ctx: AppContext, userId: number, id: number) {
  const meeting = await findMeeting(ctx.db.sql, userId, id);
  if (!meeting) throw notFound("Meeting");
  if (meeting.status !== "Failed") throw new HttpError(409, "Only a failed meeting can be retried.", "conflict");
  await setMeetingStatus(ctx.db.sql, { meetingId: id, status: "Processing" });
  await queueJob(ctx.db.sql, PROCESS_MEETING, { meetingId: id });
  ctx.jobs.wake();
  return getUserMeeting(ctx, userId, id);
}
