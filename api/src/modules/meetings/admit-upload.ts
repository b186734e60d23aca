import { setMeetingAudioSeconds } from "@cm/db/queries/processing-usage";
import {
  type AccountUsage,
  admitRequeue as admitRequeueInSql,
  admitUpload as admitUploadInSql,
  completeUpload,
  type QuotaLimits,
  readAccountUsage,
  releaseUpload,
} from "@cm/db/queries/upload-quotas";
import type { AppContext } from "../../context";
import { HttpError } from "../../http-error";
import { findQuotaLimits } from "../usage/account-quotas";
import { dailyTextMessage } from "../usage/limit-messages";
import { countLimitReached } from "../usage/limited-write";
import { dailyQuotaMessage, queueQuotaMessage, storageQuotaMessage } from "../usage/quota-messages";
import { textWorkSeconds } from "../usage/text-work";
import { collectBeforeContentCheck } from "./receive-upload";

/** An upload let in: what it reserved of the account's quotas, and the recording's decoded length. */
export interface AdmittedUpload {
  reservationId: number;
  usageId: number | undefined;
  seconds: number | undefined;
  bytes: number;
}

/** The multipart body around the file (boundaries, meetingData) is far below this. */
const BODY_OVERHEAD_BYTES = 1024 * 1024;

/**
 * Before the body is read: a full queue, or a body that cannot fit in the storage left, is refused at once rather
 * than after receiving up to 500 MB. Answers the account's limits for the admission proper.
 */
export async function precheckUpload(ctx: AppContext, userId: number, request: Request): Promise<QuotaLimits> {
  const fileBytes = Number(request.headers.get("content-length") ?? "0") - BODY_OVERHEAD_BYTES;
  return precheckUploadBytes(ctx, userId, fileBytes);
}

/** The same check for a file of `fileBytes` (a resumable upload's declared length; 0 when not known yet). */
export async function precheckUploadBytes(ctx: AppContext, userId: number, fileBytes: number): Promise<QuotaLimits> {
  const { limits } = await findQuotaLimits(ctx, userId);
  if (limits.storageBytes === undefined && limits.queuedMeetings === undefined) return limits;
  const usage = await readAccountUsage(ctx.db.sql, userId, limits);
  if (usage.queue.left === 0) throw queueFull(usage);
  if (usage.storage.left !== null && fileBytes > usage.storage.left) throw storageFull(usage, fileBytes);
  return limits;
}

/**
 * Measures a recording by decoding it (413 past the length limit), then checks stored bytes, queued meetings, the
 * account's meetings (when the upload makes a new one) and the daily allowance in one transaction, reserving what
 * the upload takes: 413 / 429 with what is used, what is left and when more frees up. A recording is charged its
 * length, a transcript file its size in the unit of text work (../usage/text-work.ts).
 */
export async function admitUpload(
  ctx: AppContext,
  userId: number,
  limits: QuotaLimits,
  file: { key: string; path: string; bytes: number; audio: boolean; newMeeting: boolean },
): Promise<AdmittedUpload> {
  if (file.audio) collectBeforeContentCheck();
  const seconds = file.audio
    ? await ctx.media.measurePlayableAudio(file.path, ctx.config.processing.maxRecordingSeconds)
    : undefined;
  const charged = seconds ?? textWorkSeconds(file.bytes);
  const meetingsLimit = file.newMeeting ? (await findQuotaLimits(ctx, userId)).counts.meetings : undefined;
  const admission = await admitUploadInSql(ctx.db.sql, {
    userId,
    storageKey: file.key,
    bytes: file.bytes,
    seconds: charged,
    limits,
    meetingsLimit,
  });
  if (admission.admitted) return { ...admission, seconds, bytes: file.bytes };
  const { usage } = admission;
  if (admission.quota === "meetings") {
    throw countLimitReached("meetings", admission.meetings.used, admission.meetings.limit ?? 0);
  }
  if (admission.quota === "storage") throw storageFull(usage, file.bytes);
  if (admission.quota === "queue") throw queueFull(usage);
  const message = file.audio
    ? dailyQuotaMessage(usage.processing, charged, admission.fitsAt)
    : dailyTextMessage(usage.processing, charged, admission.fitsAt);
  throw new HttpError(429, message, "processing_quota", {
    ...quotaDetails("processing", usage),
    needed: charged,
    fitsAt: admission.fitsAt?.toISOString() ?? null,
  });
}

/**
 * Retry and "Transcribe again" put a meeting back in the queue: refused like an upload when the queue is full, and a
 * new transcription (`seconds` of audio) is charged to the daily allowance. Answers a release for when the requeue
 * itself is refused (the meeting was busy), which hands the charge back.
 */
export async function admitRequeue(
  ctx: AppContext,
  userId: number,
  seconds: number,
): Promise<{ release(): Promise<void> }> {
  const { limits } = await findQuotaLimits(ctx, userId);
  const admission = await admitRequeueInSql(ctx.db.sql, { userId, seconds, limits });
  if (admission.admitted) {
    return { release: () => releaseUpload(ctx.db.sql, { reservationId: 0, usageId: admission.usageId }) };
  }
  const { usage } = admission;
  if (admission.quota === "queue" || admission.quota === "meetings") throw queueFull(usage);
  throw new HttpError(429, dailyQuotaMessage(usage.processing, seconds, admission.fitsAt), "processing_quota", {
    ...quotaDetails("processing", usage),
    needed: seconds,
    fitsAt: admission.fitsAt?.toISOString() ?? null,
  });
}

/** The meeting was written: its bytes count on it now, and its length drives the transcription step's time limit. */
export async function recordAdmittedUpload(ctx: AppContext, meetingId: number, admitted: AdmittedUpload) {
  await completeUpload(ctx.db.sql, { meetingId, reservationId: admitted.reservationId, bytes: admitted.bytes });
  if (admitted.seconds !== undefined) await setMeetingAudioSeconds(ctx.db.sql, meetingId, admitted.seconds);
}

/** The upload failed after admission: what it reserved is handed back. */
export async function releaseAdmittedUpload(ctx: AppContext, admitted: AdmittedUpload | undefined) {
  if (admitted) await releaseUpload(ctx.db.sql, admitted);
}

export const storageFull = (usage: AccountUsage, bytes: number) =>
  new HttpError(413, storageQuotaMessage(usage.storage, bytes), "storage_quota", {
    ...quotaDetails("storage", usage),
    needed: bytes,
  });

const queueFull = (usage: AccountUsage) =>
  new HttpError(429, queueQuotaMessage(usage.queue), "queue_quota", quotaDetails("queue", usage));

/** The met quota's figures, as GET /api/usage gives them (bytes, seconds, meetings). */
function quotaDetails(quota: keyof AccountUsage, usage: AccountUsage) {
  const { used, limit, left, freesAt } = usage[quota];
  return { quota, used, limit, left, freesAt: freesAt?.toISOString() ?? null };
}
