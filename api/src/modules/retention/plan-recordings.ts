import { findUserById } from "@cm/db/queries/users";
import type { WorkerContext } from "../../context";
import { planRecordingDays } from "./retention-schedule";

type PlanContext = Pick<WorkerContext, "config" | "db">;

/** Days after which the account's plan deletes its recordings (payments on: Basic 30, Premium 90); else null. */
export async function recordingDaysOf(ctx: PlanContext, userId: number): Promise<number | null> {
  if (!ctx.config.stripe) return null;
  const user = await findUserById(ctx.db.sql, userId);
  return planRecordingDays(true, user?.subscriptionPlan);
}
