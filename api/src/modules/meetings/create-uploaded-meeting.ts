import type { Sql } from "@cm/db";
import { findClient } from "@cm/db/queries/clients";
import { insertMeetingWithJob } from "@cm/db/queries/meetings";
import type { QuotaLimits } from "@cm/db/queries/upload-quotas";
import type { AppContext } from "../../context";
import { HttpError } from "../../http-error";
import { processMeetingJobFor } from "../../jobs/meeting-job-kinds";
import { uploadCopiesDir } from "../../storage/processing-temp";
import { attachToPlannedMeeting } from "../schedule/attach-upload";
import { type AdmittedUpload, admitUpload, recordAdmittedUpload, releaseAdmittedUpload } from "./admit-upload";
import type { MeetingData } from "./meeting-data";
import type { UploadKind } from "./sniff-upload";

/** A complete file in storage, its kind decided from its first bytes. */
export interface StoredUpload {
  key: string;
  bytes: number;
  kind: Exclude<UploadKind, { kind: "unknown" }>;
  /** The bytes on this machine when the caller has them (the upload's own copy); else storage makes a copy. */
  localPath?: string;
}

/**
 * The one way an upload becomes a meeting (multipart and resumable alike): the client must be the user's, the
 * recording is measured and admitted under the account's quotas, then the meeting (or the planned meeting it takes
 * the place of) is written with its processing job, its source and consent (`confirmedBy` is the user), and
 * `onWritten` in the same transaction. The caller removes the stored file when this throws.
 */
export async function createUploadedMeeting(
  ctx: AppContext,
  userId: number,
  limits: QuotaLimits,
  data: MeetingData,
  file: StoredUpload,
  onWritten?: (tx: Sql, meetingId: number) => Promise<void>,
): Promise<number> {
  const client = await findClient(ctx.db.sql, userId, data.clientId);
  if (!client) throw new HttpError(400, "validation failed: clientId: no such client", "validation");
  let admitted: AdmittedUpload | undefined;
  try {
    const audio = file.kind.kind === "audio";
    const newMeeting = !data.plannedMeetingId;
    const admit = (path: string) =>
      admitUpload(ctx, userId, limits, { key: file.key, path, bytes: file.bytes, audio, newMeeting });
    // Only a recording is read (its decoded length); a bucket's file is fetched for that when no copy is at hand.
    admitted = await (file.localPath || !audio
      ? admit(file.localPath ?? "")
      : ctx.storage.withLocalCopy(file.key, uploadCopiesDir(ctx.config.dataDir), admit));
    const recording = {
      userId,
      clientId: client.id,
      title: data.title,
      date: data.date,
      timeKnown: data.timeKnown,
      duration: data.duration,
      type: data.type,
      status: "Processing",
      sourceKind: file.kind.kind,
      audioPath: file.key,
      audioMime: file.kind.kind === "audio" ? file.kind.container : "text/plain",
      source: data.source,
      consent: data.consent && { ...data.consent, confirmedBy: userId },
    };
    // With `meetingId` the upload takes the place of that planned meeting instead of adding another.
    const id = data.plannedMeetingId
      ? await attachToPlannedMeeting(ctx, { ...recording, meetingId: data.plannedMeetingId }, onWritten)
      : await insertMeetingWithJob(ctx.db.sql, recording, processMeetingJobFor, onWritten);
    await recordAdmittedUpload(ctx, id, admitted);
    ctx.jobs.wake();
    return id;
  } catch (error) {
    await releaseAdmittedUpload(ctx, admitted).catch(() => {});
    throw error;
  }
}
