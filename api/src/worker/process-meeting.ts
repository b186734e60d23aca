import { RetryableAiError, SpeechServiceNotConfiguredError, type Transcript, type TranscriptSegment } from "@cm/ai";
import { buildTranscript, readTranscriptFromFile, UnsupportedTranscriptError } from "@cm/ai/transcript";
import { findTranscript, hasSummary, upsertSummary, upsertTranscript } from "@cm/db/queries/meeting-content";
import { findMeetingForProcessing, setMeetingStatus } from "@cm/db/queries/meetings";
import type { AppContext } from "../context";
import { serializeSummary } from "../modules/meetings/summary-format";
import { type JobHandler, PermanentJobError } from "./job-runner";

/** Streams the stored file through the parser; an unreadable or oversized file will not get better on retry. */
async function readTranscriptFile(path: string): Promise<Transcript> {
  try {
    return await readTranscriptFromFile(path);
  } catch (error) {
    if (error instanceof UnsupportedTranscriptError) throw new PermanentJobError(error.message);
    throw error;
  }
}

/** Parses the stored transcript file, or has the recording transcribed. */
async function makeTranscript(
  ctx: AppContext,
  meeting: { audioPath: string | null; sourceKind: string },
  job: { signal: AbortSignal; heartbeat(): Promise<void> },
): Promise<Transcript> {
  if (!meeting.audioPath) throw new PermanentJobError("The meeting has no stored file to process.");
  const path = ctx.storage.localPath(meeting.audioPath);
  if (meeting.sourceKind === "transcript") return readTranscriptFile(path);
  if (!ctx.ai.canTranscribe) throw new PermanentJobError(new SpeechServiceNotConfiguredError().message);
  return ctx.ai.transcribeAudio(
    { path },
    { signal: job.signal, onProgress: () => void job.heartbeat().catch(() => {}) },
  );
}

/**
 * Transcribe (or parse), summarise, index, mark Processed. Every write is an upsert, so a job
 * that runs twice leaves one transcript, one summary and one set of chunks.
 */
export function processMeetingHandler(ctx: AppContext): JobHandler {
  return async ({ job, signal, heartbeat }) => {
    const meetingId = Number(job.payload.meetingId ?? job.meetingId);
    const meeting = await findMeetingForProcessing(ctx.db.sql, meetingId);
    if (!meeting) return; // deleted while queued: nothing to do
    // Each finished step is stored, so a retry or a second run of the job resumes at the first missing one and
    // never pays for speech recognition or a summary again.
    const stored = await findTranscript(ctx.db.sql, meetingId);
    let transcript: Transcript;
    if (stored?.fullText.trim()) {
      transcript = buildTranscript(stored.segments as TranscriptSegment[]);
    } else {
      transcript = await makeTranscript(ctx, meeting, { signal, heartbeat });
      if (!transcript.fullText.trim()) throw new PermanentJobError("No speech was found in the recording.");
      await upsertTranscript(ctx.db.sql, meetingId, transcript.fullText, transcript.segments);
      await heartbeat();
    }
    if (!stored || !(await hasSummary(ctx.db.sql, meetingId))) {
      const summary = await ctx.ai.summarise(
        { transcript, title: meeting.title, clientName: meeting.clientName, meetingDate: meeting.date },
        signal,
      );
      await upsertSummary(ctx.db.sql, meetingId, serializeSummary(summary));
      await heartbeat();
    }
    await ctx.indexer.indexMeeting(meetingId);
    const duration = transcript.durationSeconds === null ? null : Math.round(transcript.durationSeconds);
    await setMeetingStatus(ctx.db.sql, meetingId, "Processed", { duration });
  };
}

/** Retries are over: the meeting shows Failed with a readable reason and a retry button. */
export async function markMeetingFailed(ctx: AppContext, meetingId: number, reason: string) {
  const readable = reason.length > 500 ? `${reason.slice(0, 497)}...` : reason;
  await setMeetingStatus(ctx.db.sql, meetingId, "Failed", { failureReason: readable });
}

export const isRetryable = (error: unknown) => error instanceof RetryableAiError;
