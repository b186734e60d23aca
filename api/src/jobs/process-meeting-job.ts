import { AiServiceError, RetryableAiError, StepClock, type Transcript, type TranscriptSegment } from "@cm/ai";
import { groundSummary } from "@cm/ai/grounding";
import { buildTranscript, readTranscriptFromFile, UnsupportedTranscriptError } from "@cm/ai/transcript";
import { findTranscript, upsertTranscript } from "@cm/db/queries/meeting-content";
import { findMeetingForProcessing, setMeetingStatus } from "@cm/db/queries/meetings";
import { findMeetingAudioSeconds } from "@cm/db/queries/processing-usage";
import { hasSummary, upsertSummary } from "@cm/db/queries/summaries";
import { SPEECH_NOT_CONFIGURED_MESSAGE } from "../ai-engine";
import type { WorkerContext } from "../context";
import { checkRecordingLength } from "./check-recording-length";
import { defineJob, JobCancelledError, type JobRun, JobSteppedAside, PermanentJobError } from "./job-definition";
import { PROCESS_MEETING } from "./meeting-job-kinds";
import { resumableIndexing } from "./resumable-indexing";
import { jobErrorOfStorageFault } from "./storage-faults";
import { summariseInParts } from "./summarise-in-parts";
import { textStepLimitMs } from "./text-step-limit";
import {
  finishPieces,
  meetingAudioDir,
  removeAudioAfterFailure,
  removeMeetingAudio,
  transcribeInPieces,
} from "./transcribe-in-pieces";

/** Streams the stored file through the parser; an unreadable or oversized file will not get better on retry. */
async function readTranscriptFile(path: string): Promise<Transcript> {
  try {
    return await readTranscriptFromFile(path);
  } catch (error) {
    if (error instanceof UnsupportedTranscriptError) throw new PermanentJobError(error.message);
    throw error;
  }
}

/** Recorded on transcripts read from an uploaded transcript file. */
export const TRANSCRIPT_FILE_ENGINE = "transcript-file";

/**
 * Parses the stored transcript file, or has the recording transcribed a piece at a time (./transcribe-in-pieces.ts,
 * each piece a step the job may make way after); with the engine that made it (a speech service, or pocketsphinx
 * offline, whose transcript is a draft).
 */
async function makeTranscript(
  ctx: WorkerContext,
  meeting: { id: number; audioPath: string | null; sourceKind: string; clientName: string },
  run: Pick<JobRun, "job" | "signal" | "heartbeat" | "limitStep" | "checkpoint">,
): Promise<{ transcript: Transcript; engine: string }> {
  if (!meeting.audioPath) throw new PermanentJobError("The meeting has no stored file to process.");
  const key = meeting.audioPath;
  // A bucket's file is read from a copy in the meeting's temporary folder (removed after, and by the sweep).
  const copyDir = meetingAudioDir(ctx.config.dataDir, meeting.id);
  if (meeting.sourceKind === "transcript") {
    const transcript = await ctx.storage.withLocalCopy(key, copyDir, readTranscriptFile);
    return { transcript, engine: TRANSCRIPT_FILE_ENGINE };
  }
  const speech = ctx.ai.engines.speech;
  if (!ctx.ai.canTranscribe || !speech) throw new PermanentJobError(SPEECH_NOT_CONFIGURED_MESSAGE);
  // Decoded once: the upload counted every sample (and kept the figure on the meeting); a meeting without it (a
  // recording from before that) is measured here, the same way.
  const measured = await findMeetingAudioSeconds(ctx.db.sql, meeting.id);
  let seconds: number;
  if (measured !== null) seconds = measured;
  else {
    seconds = await ctx.storage.withLocalCopy(key, copyDir, (path) => checkRecordingLength(ctx, path, run));
    await run.checkpoint();
  }
  const audio = { id: meeting.id, audioPath: meeting.audioPath, clientName: meeting.clientName };
  const transcript = await transcribeInPieces(ctx, audio, seconds, run);
  return { transcript, engine: speech.engine };
}

/** The steps of processing a meeting, named in the failure reason: Retry resumes at the one that failed. */
const STEP_NAMES = { transcribe: "Transcription", summarise: "Summary", index: "Search indexing" } as const;

/** A step failed in a way another attempt may fix; keeps the wait a rate-limited service asked for. */
class StepFailedError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number | undefined,
    cause: unknown,
  ) {
    super(message, { cause });
  }
}

/**
 * Runs one step, naming it in the error. An AI service error that retrying cannot fix (a rejected request, an unknown
 * model, a refusal, a missing key or quota) ends the job at once instead of paying for every queue attempt.
 */
async function runStep<T>(step: keyof typeof STEP_NAMES, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // A permanent error (a step over its time limit is one), a cancelled job and one making way keep their own error.
    const passesThrough = [PermanentJobError, JobCancelledError, JobSteppedAside].some((kind) => error instanceof kind);
    if (passesThrough || !(error instanceof Error)) throw error;
    const message = `${STEP_NAMES[step]} failed: ${error.message}`;
    if (error instanceof AiServiceError && !(error instanceof RetryableAiError)) {
      throw new PermanentJobError(message, { cause: error });
    }
    const retryAfterMs = (error as { retryAfterMs?: unknown }).retryAfterMs;
    throw new StepFailedError(message, typeof retryAfterMs === "number" ? retryAfterMs : undefined, error);
  }
}

/** Retries are over: the meeting shows Failed with a readable reason and a retry button. */
async function markMeetingFailed(ctx: WorkerContext, meetingId: number, reason: string) {
  const readable = reason.length > 500 ? `${reason.slice(0, 497)}...` : reason;
  await setMeetingStatus(ctx.db.sql, { meetingId, status: "Failed", failureReason: readable });
}

/**
 * Every write is an upsert, so a job that runs twice leaves one transcript, one summary and one set of chunks. Each
 * finished step is stored, so a retry (the queue's, or the user's Retry) or a second run resumes at the first missing
 * one and never pays for speech recognition or a summary again. The failure reason names the step that failed.
 */
export function processMeetingJob(ctx: WorkerContext) {
  return defineJob({
    kind: PROCESS_MEETING,
    async handle({ meetingId }, run) {
      try {
        await processMeeting(ctx, meetingId, run);
      } catch (error) {
        // Cancelled or stopped past a limit: the decoded recording goes now, not at the sweep. A meeting deleted
        // between two pieces fails the piece's insert before the lease keeper notices the job gone: it goes too.
        await removeAudioAfterFailure({ sql: ctx.db.sql, dataDir: ctx.config.dataDir }, meetingId, run.signal.aborted);
        // The recording storage down: the job waits and resumes, the meeting stays "Processing".
        throw jobErrorOfStorageFault(error);
      }
    },
    // The job row names its meeting even when its payload is unreadable, so the meeting never stays "Processing".
    async onFinalFailure(job, reason) {
      if (job.meetingId === null) return;
      await markMeetingFailed(ctx, job.meetingId, reason);
      await removeMeetingAudio(ctx, job.meetingId);
    },
  });
}

/** The meeting's processing, resuming at its first step not done (see processMeetingJob). */
async function processMeeting(ctx: WorkerContext, meetingId: number, run: JobRun): Promise<void> {
  const { signal, heartbeat, limitStep, checkpoint } = run;
  const textLimitMs = ctx.config.processing.stepLimits.textMs;
  const meeting = await findMeetingForProcessing(ctx.db.sql, meetingId);
  if (!meeting) return; // deleted while queued: nothing to do
  const timings = new StepClock();
  const stored = await timings.time("readStored", () => findTranscript(ctx.db.sql, meetingId));
  const resumed = stored !== undefined;
  let transcript: Transcript | undefined;
  if (stored?.fullText.trim()) {
    transcript = buildTranscript(stored.segments as TranscriptSegment[]);
  } else {
    // Reading a transcript file is a text step; a recording's steps set their own limits.
    limitStep("Reading the transcript", textLimitMs);
    const made = await timings.time("transcribe", () =>
      runStep("transcribe", () => makeTranscript(ctx, { ...meeting, id: meetingId }, run)),
    );
    transcript = made.transcript;
    if (!transcript.fullText.trim()) throw new PermanentJobError("No speech was found in the recording.");
    const { fullText, segments } = transcript;
    await timings.time("storeTranscript", () =>
      upsertTranscript(ctx.db.sql, { meetingId, fullText, segments, engine: made.engine }),
    );
    await finishPieces(ctx, meetingId);
    await heartbeat();
    await checkpoint();
  }
  // The summary and the index are linear in the text: their limits grow with it (a 10 MB transcript is minutes).
  const longTextLimitMs = textStepLimitMs(textLimitMs, transcript.fullText.length);
  if (!resumed || !(await hasSummary(ctx.db.sql, meetingId))) {
    const input = { transcript, title: meeting.title, clientName: meeting.clientName, meetingDate: meeting.date };
    limitStep(STEP_NAMES.summarise, longTextLimitMs);
    // Whatever engine wrote the draft, each item gets its transcript moment or is dropped (ai/src/grounding).
    const draft = await timings.time("summarise", () => runStep("summarise", () => summariseInParts(ctx, input, run)));
    const summary = groundSummary(draft, input.transcript.segments);
    await timings.time("storeSummary", () => upsertSummary(ctx.db.sql, meetingId, summary, ctx.ai.engines.summary));
    await heartbeat();
    await checkpoint();
  }
  const duration = transcript.durationSeconds === null ? null : Math.round(transcript.durationSeconds);
  // Indexing reads the stored segments again: the parsed transcript (a 10 MB file's is several times that in
  // memory) need not live on beside the chunks it is cut into.
  transcript = undefined;
  limitStep(STEP_NAMES.index, longTextLimitMs);
  await timings.time("index", () =>
    runStep("index", () => ctx.indexer.indexMeeting(meetingId, { signal, ...resumableIndexing(run) })),
  );
  await setMeetingStatus(ctx.db.sql, { meetingId, status: "Processed", duration });
  ctx.logger.info("meeting processed", { meetingId, ...timings.fields() });
}
