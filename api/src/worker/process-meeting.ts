import { readFile } from "node:fs/promises";
import { detectTranscriptFormat, parseTranscript } from "@cm/ai/src/transcript/parse-transcript";
import { RetryableAiError, SpeechServiceNotConfiguredError, type Transcript } from "@cm/ai/src/types";
import { upsertSummary, upsertTranscript } from "@cm/db/src/queries/meeting-content";
import { findMeetingForProcessing, setMeetingStatus } from "@cm/db/src/queries/meetings";
import type { AppContext } from "../context";
import { serializeSummary } from "../modules/meetings/summary-format";
import { type JobHandler, PermanentJobError } from "./job-runner";

async function readTranscriptFile(path: string): Promise<Transcript> {
  const bytes = new Uint8Array(await readFile(path));
  const format = detectTranscriptFormat(bytes);
  if (!format) throw new PermanentJobError("unsupported file format: the transcript file could not be read");
  try {
    return parseTranscript(new TextDecoder().decode(bytes), format);
  } catch (error) {
    throw new PermanentJobError((error as Error).message);
  }
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
    if (!meeting.audioPath) throw new PermanentJobError("The meeting has no stored file to process.");
    const path = ctx.storage.localPath(meeting.audioPath);
    let transcript: Transcript;
    if (meeting.sourceKind === "transcript") {
      transcript = await readTranscriptFile(path);
    } else {
      if (!ctx.ai.canTranscribe) throw new PermanentJobError(new SpeechServiceNotConfiguredError().message);
      transcript = await ctx.ai.transcribeAudio(
        { path },
        { signal, onProgress: () => void heartbeat().catch(() => {}) },
      );
    }
    if (!transcript.fullText.trim()) throw new PermanentJobError("No speech was found in the recording.");
    await upsertTranscript(ctx.db.sql, meetingId, transcript.fullText, transcript.segments);
    await heartbeat();
    const summary = await ctx.ai.summarise(
      { transcript, title: meeting.title, clientName: meeting.clientName, meetingDate: meeting.date },
      signal,
    );
    await upsertSummary(ctx.db.sql, meetingId, serializeSummary(summary));
    await heartbeat();
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
