import { t } from "elysia";
import type { WorkerContext } from "../context";
import { sweepOrphanUploadsSafely } from "../storage/sweep-orphan-uploads";
import { defineJob } from "./job-definition";
import { defineJobKind } from "./job-kind";

/**
 * Stored files no meeting names: an upload cut off when its process was killed. With a server database processes
 * come and go one at a time (a supervised group restarts the one that died), so this runs hourly in the job worker,
 * once across every process, rather than only when a server starts.
 */
const SWEEP_ORPHAN_UPLOADS = defineJobKind({
  name: "sweep-orphan-uploads",
  payload: t.Object({}),
  everyMs: 60 * 60 * 1000,
});

export function sweepOrphanUploadsJob(ctx: WorkerContext) {
  return defineJob({
    kind: SWEEP_ORPHAN_UPLOADS,
    async handle() {
      // Another process may be writing a file right now: only files untouched an hour (a day in a bucket) are orphans.
      await sweepOrphanUploadsSafely({ sql: ctx.db.sql, storage: ctx.storage, logger: ctx.logger }, { alone: false });
    },
  });
}
