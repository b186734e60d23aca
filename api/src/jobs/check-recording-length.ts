import { measureAudioLength, recordingTooLongMessage } from "@cm/ai/audio";
import { setMeetingAudioSeconds } from "@cm/db/queries/processing-usage";
import type { WorkerContext } from "../context";
import { type JobRun, PermanentJobError } from "./job-definition";

/**
 * The first step of transcribing: every sample decoded and counted (the upload counted only packets, whose
 * timestamps a crafted file can bend), stopping one second past the limit. Over it, the job fails with "too large"
 * before any speech recognition runs. Decoding 8 hours of 32 kbps MP3 takes ~20 s on a loaded core
 * (docs/incoming/worker.md), too long to hold an upload request for, fine for a job. Answers the length in seconds.
 */
export async function checkRecordingLength(
  ctx: WorkerContext,
  path: string,
  run: Pick<JobRun, "job" | "signal" | "limitStep">,
): Promise<number> {
  const { maxRecordingSeconds, stepLimits } = ctx.config.processing;
  run.limitStep("Checking the recording's length", stepLimits.textMs);
  const measured = await measureAudioLength(path, {
    maxSeconds: maxRecordingSeconds,
    method: "decode",
    signal: run.signal,
  });
  if (measured.overLimit) throw new PermanentJobError(recordingTooLongMessage(maxRecordingSeconds));
  if (run.job.meetingId !== null) await setMeetingAudioSeconds(ctx.db.sql, run.job.meetingId, measured.seconds);
  return measured.seconds;
}
