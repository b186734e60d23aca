import { deleteExpiredSessions } from "@cm/db/queries/sessions";
import { t } from "elysia";
import type { WorkerContext } from "../context";
import { defineJob } from "./job-definition";
import { defineJobKind } from "./job-kind";

/** Expired sessions deleted every 10 minutes, once across all processes sharing the database. */
const SWEEP_SESSIONS = defineJobKind({
  name: "sweep-sessions",
  payload: t.Object({}),
  everyMs: 10 * 60 * 1000,
});

export function sweepSessionsJob(ctx: WorkerContext) {
  return defineJob({
    kind: SWEEP_SESSIONS,
    async handle() {
      await deleteExpiredSessions(ctx.db.sql);
    },
  });
}
