import { t } from "elysia";
import type { WorkerContext } from "../context";
import { createPartialFiles } from "../modules/uploads/partial-files";
import { sweepResumableUploads } from "../modules/uploads/sweep-resumable-uploads";
import { defineJob } from "./job-definition";
import { defineJobKind } from "./job-kind";

/**
 * Resumable uploads without progress for an hour (UNFINISHED_UPLOAD_IDLE_MINUTES; browser recordings 72 hours,
 * UNFINISHED_RECORDING_IDLE_HOURS; see
 * api/src/modules/uploads/sweep-resumable-uploads.ts), looked for every ten minutes.
 */
const SWEEP_RESUMABLE_UPLOADS = defineJobKind({
  name: "sweep-resumable-uploads",
  payload: t.Object({}),
  everyMs: 10 * 60 * 1000,
});

export function sweepResumableUploadsJob(ctx: WorkerContext) {
  const partials = createPartialFiles(ctx.config.dataDir);
  return defineJob({
    kind: SWEEP_RESUMABLE_UPLOADS,
    async handle() {
      await sweepResumableUploads({
        sql: ctx.db.sql,
        partials,
        logger: ctx.logger,
        storage: ctx.storage,
        idleMs: ctx.config.unfinishedUploadIdleMs,
        recordingIdleMs: ctx.config.unfinishedRecordingIdleMs,
      });
    },
  });
}
