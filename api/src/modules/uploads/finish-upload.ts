import { rm } from "node:fs/promises";
import { remuxWithDuration } from "@cm/ai/audio";
import { MAX_TRANSCRIPT_BYTES, TRANSCRIPT_TOO_LARGE_MESSAGE } from "@cm/ai/transcript";
import type { Sql } from "@cm/db";
import {
  claimUploadCheck,
  findMeetingByAudioPath,
  markUploadFailed,
  markUploadFinished,
  type ResumableUploadRow,
  recordUploadStorageKey,
  releaseUploadCheck,
  renewUploadCheck,
} from "@cm/db/queries/resumable-uploads";
import { SPEECH_NOT_CONFIGURED_MESSAGE } from "../../ai-engine";
import type { AppContext } from "../../context";
import { HttpError } from "../../http-error";
import { type LocalCopy, newKey } from "../../storage/file-storage";
import { precheckUploadBytes } from "../meetings/admit-upload";
import { createUploadedMeeting } from "../meetings/create-uploaded-meeting";
import { parseMeetingData } from "../meetings/meeting-data";
import { collectBeforeContentCheck } from "../meetings/receive-upload";
import { sniffUpload } from "../meetings/sniff-upload";
import { uploadCheckOwner } from "./check-owner";
import type { PartialFiles } from "./partial-files";

const SNIFF_BYTES = 4096;

/** Refusals that sending the same bytes again cannot change: the upload ends with that answer and its file goes. */
const FINAL_STATUSES = new Set([400, 413, 415, 422]);
/**
 * The account's queue or daily allowance is full: a file sent from the advisor's disk is not kept for later (the
 * answer says when there is room, and the file is still on the advisor's computer). A recording made in the browser
 * is kept, counted against the account's storage, for the recorder to send again when there is room: the browser
 * deletes each piece the server acknowledged, so this is its only copy (swept a day after it was complete).
 */
const FINAL_CODES = new Set(["queue_quota", "processing_quota"]);

/** A recording made in the browser (meetingData's source), whose only whole copy is the server's. */
function isBrowserRecording(row: ResumableUploadRow): boolean {
  try {
    return parseMeetingData(row.meetingData).source === "recording";
  } catch {
    return false;
  }
}
/** How often a running check renews its claim (CHECK_CLAIM_SECONDS in resumable-uploads.ts is the claim's life). */
const RENEW_CHECK_MS = 5_000;

/** Completions running in this process: a second request for the same upload waits for the first. */
const running = new Map<string, Promise<number>>();

/**
 * The last byte arrived: the file is checked exactly as a multipart upload (its kind from its first bytes, a
 * transcript's size, a recording's decoded length and the account's quotas), moved into storage, and becomes a
 * meeting (or the planned meeting named) with its processing job; the upload is marked finished with its meeting in
 * the same transaction, so it never makes a second one. A refusal of the content is final (the file is removed and
 * the answer kept); anything else (a busy server, a full queue) leaves the file for another try.
 */
export function finishUpload(ctx: AppContext, partials: PartialFiles, row: ResumableUploadRow): Promise<number> {
  const pending = running.get(row.id);
  if (pending) return pending;
  const work = runFinish(ctx, partials, row).finally(() => running.delete(row.id));
  running.set(row.id, work);
  return work;
}

async function runFinish(ctx: AppContext, partials: PartialFiles, row: ResumableUploadRow): Promise<number> {
  const owner = uploadCheckOwner(ctx.config);
  if (!(await claimUploadCheck(ctx.db.sql, row.id, owner))) {
    throw new HttpError(409, "The upload is being checked: ask again in a moment.", "checking");
  }
  // Renewed while the check runs: a process that dies mid-check holds the upload for CHECK_CLAIM_SECONDS at most
  // (and not at all once it is restarted under its name: server.ts).
  const renewal = setInterval(() => void renewUploadCheck(ctx.db.sql, row.id, owner).catch(() => {}), RENEW_CHECK_MS);
  try {
    return await checkAndAdmit(ctx, partials, row);
  } finally {
    clearInterval(renewal);
  }
}

async function checkAndAdmit(ctx: AppContext, partials: PartialFiles, row: ResumableUploadRow): Promise<number> {
  // The garbage of receiving goes now, so the memory is back with the system by the time the check starts its tools.
  collectBeforeContentCheck();
  let key = row.storageKey;
  try {
    // Recorded before the file moves (below): a key whose file is not in storage yet means the move did not happen.
    const stored = key !== null && (await ctx.storage.size(key)) !== undefined;
    if (stored) {
      // An earlier attempt got as far as storage (and perhaps the meeting) before it stopped.
      const meetingId = await findMeetingByAudioPath(ctx.db.sql, row.userId, key!);
      if (meetingId !== undefined) {
        await markUploadFinished(ctx.db.sql, row.id, meetingId);
        return meetingId;
      }
    }
    const head = stored
      ? await new Response(ctx.storage.read(key!, { start: 0, end: SNIFF_BYTES })).bytes()
      : await partials.readHead(row.id, SNIFF_BYTES);
    const kind = sniffUpload(head);
    if (kind.kind === "unknown") {
      throw new HttpError(
        415,
        "unsupported file format: upload an audio recording (MP3, WAV, M4A, AAC, CAF, ...) or a transcript (.vtt, .srt, .txt)",
        "unsupported",
      );
    }
    // An earlier attempt stored the file, perhaps copied with its duration: that is what counts.
    let bytes = stored ? ((await ctx.storage.size(key!)) ?? row.uploadOffset) : row.uploadOffset;
    if (kind.kind === "transcript" && bytes > MAX_TRANSCRIPT_BYTES) {
      throw new HttpError(413, TRANSCRIPT_TOO_LARGE_MESSAGE, "too_large");
    }
    if (kind.kind === "audio" && !ctx.ai.canTranscribe) {
      throw new HttpError(503, SPEECH_NOT_CONFIGURED_MESSAGE, "api_key");
    }
    const data = parseMeetingData(row.meetingData);
    let localCopy: LocalCopy | undefined;
    if (!stored) {
      // A browser's recording is stored with its duration and cues (remux-with-duration.ts), or as it came.
      const received = partials.pathOf(row.id);
      const remuxed = kind.kind === "audio" && kind.container === "webm" ? partials.remuxPathOf(row.id) : undefined;
      const remuxedBytes = remuxed ? await remuxWithDuration(received, remuxed) : undefined;
      // The key is written down before the move: a process killed between the move and the write would otherwise
      // leave the recording in storage under a key nothing knows (swept as an orphan) and its partial file gone.
      if (key === null) {
        key = newKey(kind.kind === "audio" ? kind.extension : "txt");
        await recordUploadStorageKey(ctx.db.sql, row.id, key);
      }
      // Into storage (a rename, or a streamed upload to the bucket); on a bucket the file stays readable as the
      // check's local copy and goes once the check is done.
      localCopy = await ctx.storage.importFile(remuxedBytes ? remuxed! : received, key);
      if (remuxedBytes) {
        bytes = remuxedBytes;
        await rm(received, { force: true });
      }
    }
    try {
      const limits = await precheckUploadBytes(ctx, row.userId, 0);
      const file = { key: key!, bytes, kind, localPath: localCopy?.path };
      const markFinished = (tx: Sql, id: number) => markUploadFinished(tx, row.id, id);
      try {
        return await createUploadedMeeting(ctx, row.userId, limits, data, file, markFinished);
      } catch (error) {
        // The planned meeting was deleted or took another recording meanwhile: this one is not lost, it becomes new.
        const plannedGone = error instanceof HttpError && (error.status === 404 || error.status === 409);
        if (!plannedGone || !data.plannedMeetingId) throw error;
        const alone = { ...data, plannedMeetingId: null };
        return await createUploadedMeeting(ctx, row.userId, limits, alone, file, markFinished);
      }
    } finally {
      await localCopy?.release().catch(() => {});
    }
  } catch (error) {
    const final =
      error instanceof HttpError &&
      (FINAL_STATUSES.has(error.status) || (FINAL_CODES.has(error.code ?? "") && !isBrowserRecording(row)));
    if (final) {
      if (key) await ctx.storage.remove(key).catch(() => {});
      await partials.remove(row.id).catch(() => {});
      await markUploadFailed(ctx.db.sql, row.id, { status: error.status, message: error.message });
    } else {
      await releaseUploadCheck(ctx.db.sql, row.id).catch(() => {});
    }
    throw error;
  }
}
