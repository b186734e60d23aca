import { sweepExpiredRateLimits } from "@cm/db/queries/rate-limits";
import { t } from "elysia";
import type { WorkerContext } from "../context";
import { defineJob } from "./job-definition";
import { defineJobKind } from "./job-kind";

/** Rate-limit rows whose window has closed, deleted every 10 minutes, once across all processes. */
const SWEEP_RATE_LIMITS = defineJobKind({
  name: "sweep-rate-limits",
  payload: t.Object({}),
  everyMs: 10 * 60 * 1000,
});

export function sweepRateLimitsJob(ctx: WorkerContext) {
  return defineJob({
    kind: SWEEP_RATE_LIMITS,
    async handle() {
      await sweepExpiredRateLimits(ctx.db.sql);
    },
  });
}
