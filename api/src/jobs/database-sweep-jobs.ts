import type { Sql } from "@cm/db";
import { sweepProcessingUsage } from "@cm/db/queries/processing-usage";
import { sweepExpiredQuestionLeases } from "@cm/db/queries/question-leases";
import { sweepExpiredRateLimits } from "@cm/db/queries/rate-limits";
import { deleteExpiredSessions } from "@cm/db/queries/sessions";
import { t } from "elysia";
import type { WorkerContext } from "../context";
import { defineJob } from "./job-definition";
import { defineJobKind } from "./job-kind";

const TEN_MINUTES = 10 * 60 * 1000;

/** A periodic job that deletes expired rows, once per interval across all processes sharing the database. */
function databaseSweep(name: string, everyMs: number, sweep: (sql: Sql) => Promise<unknown>) {
  const kind = defineJobKind({ name, payload: t.Object({}), everyMs });
  return (ctx: WorkerContext) =>
    defineJob({
      kind,
      async handle() {
        await sweep(ctx.db.sql);
      },
    });
}

/** Expired sessions. */
export const sweepSessionsJob = databaseSweep("sweep-sessions", TEN_MINUTES, deleteExpiredSessions);

/** Rate-limit rows whose window has closed. */
export const sweepRateLimitsJob = databaseSweep("sweep-rate-limits", TEN_MINUTES, sweepExpiredRateLimits);

/** Places of questions whose process died holding them (question-places.ts). */
export const sweepQuestionLeasesJob = databaseSweep("sweep-question-leases", TEN_MINUTES, sweepExpiredQuestionLeases);

/** Processing usage older than the daily limit's window. */
export const sweepProcessingUsageJob = databaseSweep("sweep-processing-usage", TEN_MINUTES, sweepProcessingUsage);
