import type { AccountLimits } from "@cm/db/queries/account-limits";
import type { QuotaLimits } from "@cm/db/queries/upload-quotas";
import { findUserById } from "@cm/db/queries/users";
import type { WorkerContext } from "../../context";

export type QuotaPlan = "free" | "standard";

/** Subscription states in which a paid plan no longer pays: the account is back on the free quotas. */
const LAPSED = new Set(["canceled", "incomplete_expired", "unpaid"]);

type PlanContext = Pick<WorkerContext, "config" | "db">;

/**
 * Which quotas apply: the free plan's only while payments are on (with payments off every account is on the free
 * plan by necessity, and gets the standard quotas).
 */
export async function findQuotaPlan(ctx: PlanContext, userId: number): Promise<QuotaPlan> {
  if (!ctx.config.stripe) return "standard";
  const user = await findUserById(ctx.db.sql, userId);
  const lapsed = user?.subscriptionStatus ? LAPSED.has(user.subscriptionStatus) : false;
  return !user || user.subscriptionPlan === "free" || lapsed ? "free" : "standard";
}

export async function findQuotaLimits(
  ctx: PlanContext,
  userId: number,
): Promise<{ plan: QuotaPlan; limits: QuotaLimits; counts: AccountLimits }> {
  const plan = await findQuotaPlan(ctx, userId);
  return { plan, limits: ctx.config.quotas[plan], counts: ctx.config.accountLimits[plan] };
}
