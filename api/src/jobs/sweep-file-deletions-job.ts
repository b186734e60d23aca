import { clearFileDeletion, listPendingFileDeletions } from "@cm/db/queries/file-deletions";
import { t } from "elysia";
import type { WorkerContext } from "../context";
import { defineJob } from "./job-definition";
import { defineJobKind } from "./job-kind";

/** Stored files whose meeting is gone but whose removal failed at the time, retried every 5 minutes. */
const SWEEP_FILE_DELETIONS = defineJobKind({
  name: "sweep-file-deletions",
  payload: t.Object({}),
  everyMs: 5 * 60 * 1000,
});

/** Removes the pending files it can; one that still cannot be removed waits for the next sweep. */
async function sweepFileDeletions(ctx: WorkerContext): Promise<number> {
  let removed = 0;
  for (const key of await listPendingFileDeletions(ctx.db.sql)) {
    try {
      await ctx.storage.remove(key);
      await clearFileDeletion(ctx.db.sql, key);
      removed++;
    } catch (error) {
      ctx.logger.warn("file sweep failed", { key, error: (error as Error).message });
    }
  }
  return removed;
}

export function sweepFileDeletionsJob(ctx: WorkerContext) {
  return defineJob({
    kind: SWEEP_FILE_DELETIONS,
    async handle() {
      await sweepFileDeletions(ctx);
    },
  });
}
