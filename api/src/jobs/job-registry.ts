import type { WorkerContext } from "../context";
import type { JobDefinition } from "./job-definition";
import { processMeetingJob } from "./process-meeting-job";
import { reindexMeetingJob } from "./reindex-meeting-job";
import { sweepFileDeletionsJob } from "./sweep-file-deletions-job";
import { sweepRateLimitsJob } from "./sweep-rate-limits-job";
import { sweepSessionsJob } from "./sweep-sessions-job";

/** Every job kind the worker runs: one module per kind holds its payload schema and its handler. */
export function createJobRegistry(ctx: WorkerContext): JobDefinition[] {
  return [
    processMeetingJob(ctx),
    reindexMeetingJob(ctx),
    sweepSessionsJob(ctx),
    sweepRateLimitsJob(ctx),
    sweepFileDeletionsJob(ctx),
  ];
}
