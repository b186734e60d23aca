import type { MeetingSummary, SummariseInput } from "@cm/ai";
import { mergePartSummaries, onWholeTranscript, splitIntoParts } from "@cm/ai/long-meetings";
import { buildTranscript } from "@cm/ai/transcript";
import type { WorkerContext } from "../context";
import type { JobRun } from "./job-definition";

/**
 * The meeting's summary draft. With the local engine, a transcript longer than one part (about three hours of talk)
 * is summarised a part at a time, each part a step the job checkpoints after (its draft kept in the job's progress,
 * so a job that made way resumes at the next part), and the parts' drafts are merged. A speech-and-chat service does
 * its own map-reduce in one step: its work is waiting on the service, not this machine's cores.
 */
export async function summariseInParts(
  ctx: WorkerContext,
  input: SummariseInput,
  run: Pick<JobRun, "job" | "signal" | "checkpoint">,
): Promise<MeetingSummary> {
  const parts = splitIntoParts(input.transcript.segments);
  if (ctx.ai.engines.summary !== "local" || parts.length <= 1) return ctx.ai.summarise(input, run.signal);
  const saved = run.job.progress.summaryParts;
  const drafts: MeetingSummary[] = Array.isArray(saved) ? (saved as MeetingSummary[]) : [];
  for (const part of parts.slice(drafts.length)) {
    const draft = await ctx.ai.summarise({ ...input, transcript: buildTranscript(part.segments) }, run.signal);
    drafts.push(onWholeTranscript(draft, part.firstSegment));
    await run.checkpoint({ ...run.job.progress, summaryParts: drafts });
  }
  return mergePartSummaries(drafts);
}
