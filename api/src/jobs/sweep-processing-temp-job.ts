import { t } from "elysia";
import type { WorkerContext } from "../context";
import { sweepProcessingTemp } from "../storage/processing-temp";
import { defineJob } from "./job-definition";
import { defineJobKind } from "./job-kind";

/** Temporary audio of jobs no worker runs any more (see api/src/storage/processing-temp.ts). */
const SWEEP_PROCESSING_TEMP = defineJobKind({
  name: "sweep-processing-temp",
  payload: t.Object({}),
  everyMs: 10 * 60 * 1000,
});

export function sweepProcessingTempJob(ctx: WorkerContext) {
  return defineJob({
    kind: SWEEP_PROCESSING_TEMP,
    async handle() {
      const removed = await sweepProcessingTemp(ctx.db.sql, ctx.config.dataDir);
      if (removed > 0) ctx.logger.info("temporary audio of ended jobs removed", { folders: removed });
    },
  });
}
