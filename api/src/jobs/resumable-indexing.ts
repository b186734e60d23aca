import { type IndexingOptions, type IndexProgress, isIndexProgress } from "@cm/ai/intelligence";
import type { JobRun } from "./job-definition";

/**
 * Indexing as slices of a job: each stored slice is a checkpoint (the job may make way for another account there),
 * and a job resumed after making way goes on after the chunks it already wrote.
 */
export function resumableIndexing(
  run: Pick<JobRun, "job" | "checkpoint">,
): Pick<IndexingOptions, "resume" | "onSlice"> {
  const saved = run.job.progress.index;
  return {
    ...(isIndexProgress(saved) ? { resume: saved } : {}),
    onSlice: (index: IndexProgress) => run.checkpoint({ ...run.job.progress, index }),
  };
}
