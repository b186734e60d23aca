import { measureAudioLength, recordingTooLongMessage } from "@cm/ai/audio";
import { setMeetingAudioSeconds } from "@cm/db/queries/processing-usage";
import type { WorkerContext } from "../context";
import { type JobRun, PermanentJobError } from "./job-definition";

/**
 * The first step of transcribing: every sample decoded and counted, stopping one second past the limit (the upload
 * decoded it too; this holds for meetings admitted before it did, and costs ~20 s for 8 h, nothing beside
 * transcription). Over it, the job fails with "too long" before any speech recognition runs. Answers the length in
 * seconds.
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
    signal: run.signal,
  });
  if (measured.overLimit) throw new PermanentJobError(recordingTooLongMessage(maxRecordingSeconds));
  if (run.job.meetingId !== null) await setMeetingAudioSeconds(ctx.db.sql, run.job.meetingId, measured.seconds);
  return measured.seconds;
}
