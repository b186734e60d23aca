import { t } from "elysia";
import type { WorkerContext } from "../context";
import { sweepOrphanUploads } from "../storage/sweep-orphan-uploads";
import { defineJob } from "./job-definition";
import { defineJobKind } from "./job-kind";

/**
 * Another process may be writing a file right now: only files untouched this long are orphans (every chunk written
 * moves a file's modification time).
 */
export const ORPHAN_UPLOAD_AGE_MS = 60 * 60 * 1000;

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
      await sweepOrphanUploads({ sql: ctx.db.sql, storage: ctx.storage, logger: ctx.logger }, ORPHAN_UPLOAD_AGE_MS);
    },
  });
}
