import {
  releaseProcessingSeconds,
  reserveProcessingSeconds,
  setMeetingAudioSeconds,
} from "@cm/db/queries/processing-usage";
import type { AppContext } from "../../context";
import { HttpError } from "../../http-error";

/** A recording let in: its counted length, and the share of the account's daily allowance it took (if limited). */
export interface AdmittedRecording {
  seconds: number;
  reservationId: number | undefined;
}

/**
 * Measures an uploaded recording (413 past the length limit) and counts it against the account's daily processing
 * allowance (PROCESSING_HOURS_PER_DAY): 429 with how much is left and when more frees up when it does not fit.
 */
export async function admitRecording(ctx: AppContext, userId: number, path: string): Promise<AdmittedRecording> {
  const { maxRecordingSeconds, secondsPerDay } = ctx.config.processing;
  const seconds = await ctx.media.measurePlayableAudio(path, maxRecordingSeconds);
  if (secondsPerDay === undefined) return { seconds, reservationId: undefined };
  const reservation = await reserveProcessingSeconds(ctx.db.sql, { userId, seconds, limitSeconds: secondsPerDay });
  if (reservation.reserved) return { seconds, reservationId: reservation.id };
  throw new HttpError(
    429,
    dailyLimitMessage(secondsPerDay, reservation.usedSeconds, seconds, reservation.fitsAt),
    "rate_limited",
  );
}

/** The meeting was written: its length drives the transcription step's time limit. */
export async function recordAdmittedRecording(ctx: AppContext, meetingId: number, admitted: AdmittedRecording) {
  await setMeetingAudioSeconds(ctx.db.sql, meetingId, admitted.seconds);
}

/** The upload failed after admission: the allowance it took is handed back. */
export async function releaseAdmittedRecording(ctx: AppContext, admitted: AdmittedRecording | undefined) {
  if (admitted?.reservationId !== undefined) await releaseProcessingSeconds(ctx.db.sql, admitted.reservationId);
}

function dailyLimitMessage(limit: number, used: number, needed: number, fitsAt: Date | null): string {
  const left = Math.max(0, limit - used);
  const head =
    `Daily processing limit reached: your account may process ${formatDuration(limit)} of audio a day, ` +
    `${formatDuration(left)} is left and this recording is ${formatDuration(needed)} long.`;
  if (fitsAt === null) return `${head} It is longer than a whole day's allowance: split it into shorter recordings.`;
  return `${head} Enough frees up at ${fitsAt.toISOString().slice(0, 16).replace("T", " ")} UTC.`;
}

/** "2 h 5 min", "7 min", "40 s": hours and minutes are what a person plans with. */
function formatDuration(seconds: number): string {
  const total = Math.round(seconds);
  if (total < 60) return `${total} s`;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return hours === 0 ? `${minutes} min` : `${hours} h ${minutes} min`;
}
