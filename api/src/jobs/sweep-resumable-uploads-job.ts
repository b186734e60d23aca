import { t } from "elysia";
import type { WorkerContext } from "../context";
import { createPartialFiles } from "../modules/uploads/partial-files";
import { sweepResumableUploads } from "../modules/uploads/sweep-resumable-uploads";
import { defineJob } from "./job-definition";
import { defineJobKind } from "./job-kind";

/** Resumable uploads nobody finished within a day (see api/src/modules/uploads/sweep-resumable-uploads.ts). */
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
      await sweepResumableUploads({ sql: ctx.db.sql, partials, logger: ctx.logger });
    },
  });
}
