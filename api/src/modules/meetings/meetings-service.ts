import { clearFileDeletion } from "@cm/db/queries/file-deletions";
import { findTranscript, resetMeetingTranscript } from "@cm/db/queries/meeting-content";
import { requeueFailedMeeting } from "@cm/db/queries/meeting-retry";
import { deleteMeeting, findMeeting, listMeetings, type MeetingFilters } from "@cm/db/queries/meetings";
import { findMeetingAudioSeconds } from "@cm/db/queries/processing-usage";
import { keepTranscriberVersion } from "@cm/db/queries/record-versions";
import { SPEECH_NOT_CONFIGURED_MESSAGE } from "../../ai-engine";
import type { AppContext } from "../../context";
import { HttpError, notFound } from "../../http-error";
import { checkedJob } from "../../jobs/job-kind";
import { PROCESS_MEETING } from "../../jobs/meeting-job-kinds";
import { uploadCopiesDir } from "../../storage/processing-temp";
import type { AuditWho } from "../audit/audited";
import { recordAudit } from "../audit/record-audit";
import { claimMeetingForDeletion, releaseDeletionClaim } from "../retention/deletion-guard";
import { admitRequeue, precheckUpload } from "./admit-upload";
import { createUploadedMeeting } from "./create-uploaded-meeting";
import { parseMeetingData } from "./meeting-data";
import { presentMeetingDetail, presentMeetingListItem } from "./meeting-presenter";
import type { MeetingDetail } from "./model";
import { MAX_UPLOAD_BYTES, receiveUpload } from "./receive-upload";
import { readTranscriptOpening } from "./transcript-pages-service";

export async function listUserMeetings(ctx: AppContext, userId: number, filters: MeetingFilters) {
  return (await listMeetings(ctx.db.sql, userId, filters)).map(presentMeetingListItem);
}

export async function getUserMeeting(ctx: AppContext, userId: number, id: number): Promise<MeetingDetail> {
  const row = await findMeeting(ctx.db.sql, userId, id);
  if (!row) throw notFound("Meeting");
  const speech = ctx.ai.engines.speech;
  const detail = presentMeetingDetail(row, { speechService: speech !== null && !speech.draft });
  const transcript = detail.transcript;
  // The transcript's opening only: a long meeting's rest comes in ranges (transcript-range-routes.ts).
  const opening = transcript && (await readTranscriptOpening(ctx, userId, id));
  return { ...detail, transcript: transcript && opening && { ...transcript, ...opening } };
}

/** Streams the file to storage, admits it under the account's quotas, then writes the meeting and its job. */
export async function uploadMeeting(ctx: AppContext, userId: number, request: Request) {
  const limits = await precheckUpload(ctx, userId, request);
  const upload = await receiveUpload(request, ctx.storage, {
    maxBytes: ctx.config.maxUploadBytes ?? MAX_UPLOAD_BYTES,
    canTranscribe: ctx.ai.canTranscribe,
    speechNotConfiguredMessage: SPEECH_NOT_CONFIGURED_MESSAGE,
    copyDir: uploadCopiesDir(ctx.config.dataDir),
  });
  const { key, size, kind, localCopy } = upload.file;
  try {
    const data = parseMeetingData(upload.meetingData);
    const id = await createUploadedMeeting(ctx, userId, limits, data, {
      key,
      bytes: size,
      kind,
      localPath: localCopy.path,
    });
    return getUserMeeting(ctx, userId, id);
  } catch (error) {
    await ctx.storage.remove(key).catch(() => {});
    throw error;
  } finally {
    await localCopy.release().catch(() => {});
  }
}

/** Deletes a meeting unless a legal hold or the retention schedule keeps it at `now` (403 naming the day). */
export async function removeMeeting(ctx: AppContext, userId: number, id: number, who?: AuditWho, now = new Date()) {
  if (!(await claimMeetingForDeletion(ctx.db.sql, userId, id, now, who?.from))) throw notFound("Meeting");
  try {
    const { deleted, audioPath } = await deleteMeeting(ctx.db.sql, userId, id, async (tx) => {
      if (who)
        await recordAudit(tx, { ...who, action: "meeting.deleted", target: { kind: "meeting", id }, meetingId: id });
    });
    if (!deleted) throw notFound("Meeting");
    if (audioPath) await removeStoredFile(ctx, audioPath);
  } catch (error) {
    await releaseDeletionClaim(ctx.db.sql, "meetings", id).catch(() => {});
    throw error;
  }
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
  // A retry resumes at the step that failed: it takes a queue place, and its audio was charged at upload.
  const meeting = await findMeeting(ctx.db.sql, userId, id);
  if (!meeting) throw notFound("Meeting");
  if (meeting.status === "Failed") await admitRequeue(ctx, userId, 0);
  const outcome = await requeueFailedMeeting(ctx.db.sql, {
    userId,
    meetingId: id,
    job: checkedJob(PROCESS_MEETING, { meetingId: id }),
  });
  if (outcome === "not-found") throw notFound("Meeting");
  if (outcome === "busy") {
    throw new HttpError(409, "The meeting is still being processed; try again when it is done.", "conflict");
  }
  if (outcome === "not-failed") throw new HttpError(409, "Only a failed meeting can be retried.", "conflict");
  ctx.jobs.wake();
  return getUserMeeting(ctx, userId, id);
}

/**
 * "Transcribe again" (POST /api/meetings/{id}/transcribe): once a speech service is configured, a recording's
 * transcript (a draft made offline, or any other) is dropped with its summary and the meeting processed again.
 */
export async function transcribeMeetingAgain(ctx: AppContext, userId: number, id: number, who?: AuditWho) {
  const meeting = await findMeeting(ctx.db.sql, userId, id);
  if (!meeting) throw notFound("Meeting");
  const speech = ctx.ai.engines.speech;
  if (!speech || speech.draft) {
    throw new HttpError(
      503,
      "Transcribing again needs a speech service. The administrator needs to configure the API key for transcription.",
      "api_key",
    );
  }
  if (meeting.sourceKind !== "audio" || !meeting.audioPath) {
    throw new HttpError(409, "Only a meeting uploaded as a recording can be transcribed again.", "conflict");
  }
  const job = checkedJob(PROCESS_MEETING, { meetingId: id });
  // The draft transcript being dropped stays as a version of the transcript (migration 039).
  const draft = await findTranscript(ctx.db.sql, id);
  if (draft) await keepTranscriberVersion(ctx.db.sql, { id, userId }, draft.fullText);
  // A new transcription of the whole recording: charged to the day's allowance like an upload.
  const admitted = await admitRequeue(ctx, userId, (await findMeetingAudioSeconds(ctx.db.sql, id)) ?? 0);
  const queued = await resetMeetingTranscript(ctx.db.sql, { meetingId: id, job });
  if (!queued) {
    await admitted.release();
    throw new HttpError(409, "The meeting is still being processed; try again when it is done.", "conflict");
  }
  if (who) {
    await recordAudit(ctx.db.sql, {
      ...who,
      action: "meeting.edited",
      target: { kind: "meeting", id },
      meetingId: id,
      details: { transcribeAgain: true },
    });
  }
  ctx.jobs.wake();
  return getUserMeeting(ctx, userId, id);
}
