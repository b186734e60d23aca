import { t } from "elysia";
import type { WorkerContext } from "../context";
import { disposeDueRecords } from "../modules/retention/dispose-records";
import { defineJob } from "./job-definition";
import { defineJobKind } from "./job-kind";

/** Records whose retention has ended, disposed of once a day across every process sharing the database. */
const DISPOSE_RECORDS = defineJobKind({
  name: "dispose-records",
  payload: t.Object({}),
  everyMs: 24 * 60 * 60 * 1000,
});

export function disposeRecordsJob(ctx: WorkerContext) {
  return defineJob({
    kind: DISPOSE_RECORDS,
    async handle(_payload, run) {
      const disposed = await disposeDueRecords(ctx, { signal: run.signal });
      if (disposed > 0) ctx.logger.info("records disposed of", { meetings: disposed });
    },
  });
}
