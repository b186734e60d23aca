import { type IndexingOptions, type IndexProgress, isIndexProgress } from "@cm/ai/intelligence";
import type { JobRun } from "./job-definition";

/**
 * Indexing as slices of a job: each stored slice is a checkpoint (the job may make way for another account there),
 * and a job resumed after making way goes on after the chunks it already wrote. The summary's part drafts are left
 * out of what a slice saves: the summary is stored before indexing starts, and saving them again with each of a
 * 10 MB transcript's ~490 slices wrote ~24 MB (parts × slices: quadratic in the transcript).
 */
export function resumableIndexing(
  run: Pick<JobRun, "job" | "checkpoint">,
): Pick<IndexingOptions, "resume" | "onSlice"> {
  const saved = run.job.progress.index;
  return {
    ...(isIndexProgress(saved) ? { resume: saved } : {}),
    onSlice: (index: IndexProgress) => {
      const { summaryParts: _stored, ...progress } = run.job.progress;
      return run.checkpoint({ ...progress, index });
    },
  };
}
