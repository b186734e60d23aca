import type { WorkerContext } from "../context";
import {
  sweepProcessingUsageJob,
  sweepQuestionLeasesJob,
  sweepRateLimitsJob,
  sweepSessionsJob,
} from "./database-sweep-jobs";
import { disposeRecordsJob } from "./dispose-records-job";
import { indexNoteJob } from "./index-note-job";
import type { JobDefinition } from "./job-definition";
import { processMeetingJob } from "./process-meeting-job";
import { reindexMeetingJob } from "./reindex-meeting-job";
import { sweepFileDeletionsJob } from "./sweep-file-deletions-job";
import { sweepOrphanUploadsJob } from "./sweep-orphan-uploads-job";
import { sweepProcessingTempJob } from "./sweep-processing-temp-job";
import { sweepResumableUploadsJob } from "./sweep-resumable-uploads-job";

/** Every job kind the worker runs: one module per kind holds its payload schema and its handler. */
export function createJobRegistry(ctx: WorkerContext): JobDefinition[] {
  return [
    processMeetingJob(ctx),
    reindexMeetingJob(ctx),
    indexNoteJob(ctx),
    sweepSessionsJob(ctx),
    sweepRateLimitsJob(ctx),
    sweepQuestionLeasesJob(ctx),
    sweepFileDeletionsJob(ctx),
    sweepProcessingUsageJob(ctx),
    sweepProcessingTempJob(ctx),
    sweepResumableUploadsJob(ctx),
    sweepOrphanUploadsJob(ctx),
    disposeRecordsJob(ctx),
  ];
}
